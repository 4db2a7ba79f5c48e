import Foundation
import JSONPath

extension SuiteDecoder {
    /// How many `$ref`s may lead to one value: more is a mistake (a chain that long is not written on purpose),
    /// and the limit keeps a generated chain from growing each diagnostic without end.
    static let maxReferenceDepth = 32

    /// `node`, or the value its `{"$ref": "file.json#/pointer"}` leads to, followed through further `$ref`s;
    /// nil after reporting a reference that cannot be followed. The value keeps its own file's places, with
    /// the chain of `$ref`s that led to it, so a problem inside it is reported where it is.
    mutating func resolved(_ node: SuiteNode?) -> SuiteNode? {
        guard var node else { return nil }
        // Each target followed (absolute `file#pointer`, and as shown), to stop at the first one seen twice.
        var followed: [(key: String, shown: String)] = []
        while case .object(let object) = node.value, object.position(of: "$ref") != nil {
            guard let next = follow(node, followed: &followed) else { return nil }
            node = next
        }
        return node
    }

    /// The value one `$ref` object leads to (which may be another `$ref`).
    private mutating func follow(_ node: SuiteNode, followed: inout [(key: String, shown: String)]) -> SuiteNode? {
        guard object(node, allowed: ["$ref"], context: "a `$ref` object") != nil,
            let refNode = node.member("$ref"), let reference = string(refNode)
        else { return nil }
        let (path, pointer) = Self.split(reference)
        guard pointer.isEmpty || pointer.hasPrefix("/") else {
            report(
                .invalidReference(reference: reference, problem: "has a fragment that is not a JSON Pointer"),
                at: refNode
            )
            return nil
        }
        let base = node.tree
        guard base.references.count < Self.maxReferenceDepth else {
            report(
                .invalidReference(
                    reference: reference,
                    problem: "is more than \(Self.maxReferenceDepth) references deep"
                ),
                at: refNode
            )
            return nil
        }
        let url = path.isEmpty ? base.file : Suite.resolve(path, in: base.file.deletingLastPathComponent())
        let shown = path.isEmpty ? base.displayPath : Self.joinedPath(base.displayPath, path)
        let target = (key: url.standardizedFileURL.path + "#" + pointer, shown: shown + "#" + pointer)
        if followed.contains(where: { $0.key == target.key }) {
            report(.referenceCycle(chain: (followed + [target]).map(\.shown)), at: refNode)
            return nil
        }
        followed.append(target)
        var via = location(refNode)
        via.references = []
        let references = base.references + [via]
        guard let fragment = fragment(at: url, shown: shown, references: references, from: refNode) else {
            return nil
        }
        let root = SuiteNode(
            root: fragment.root,
            tree: SuiteTree(index: fragment.index, file: url, displayPath: fragment.displayPath, references: references)
        )
        guard let value = Self.walk(root, to: pointer) else {
            report(
                .invalidReference(
                    reference: reference,
                    problem: "names `\(pointer)`, which \(fragment.displayPath) does not have"
                ),
                at: refNode
            )
            return nil
        }
        return value
    }

    /// The file at `url`, read and parsed once per suite; nil after reporting why it cannot be used.
    private mutating func fragment(
        at url: URL,
        shown: String,
        references: [SourceLocation],
        from refNode: SuiteNode
    ) -> FragmentFile? {
        let key = url.standardizedFileURL.path
        if let known = fragments[key] { return known }
        fragments[key] = .some(nil)
        if key == file.standardizedFileURL.path, let suiteBytes {
            // The suite file itself, already checked (its problems, repeated names included, are reported
            // once by the loader): parsed whole now, for the first `#/…` reference followed.
            guard let (root, index) = try? JSONValue.parseWithSourceIndex(suiteBytes) else { return nil }
            let own = FragmentFile(root: root, index: index, displayPath: displayPath)
            fragments[key] = own
            return own
        }
        if let problem = SuiteFileFinder.notRegularFileProblem(url.path) {
            report(.invalidReference(reference: shown, problem: "leads to a file that is \(problem)"), at: refNode)
            return nil
        }
        guard let bytes = FileManager.default.contents(atPath: url.path) else {
            let problem =
                FileManager.default.fileExists(atPath: url.path) ? "cannot be read" : "does not exist"
            report(.invalidReference(reference: shown, problem: "leads to \(key), which \(problem)"), at: refNode)
            return nil
        }
        let root: JSONValue
        let index: JSONSourceIndex
        do {
            (root, index) = try JSONValue.parseWithSourceIndex(bytes)
        } catch {
            var place = SourceLocation(file: shown, line: error.line, column: error.column, pointer: "")
            place.references = references
            report(.syntax(message: error.message, kind: error.kind), at: place)
            return nil
        }
        if index.hasDuplicateKeys {
            for duplicate in DuplicateKeyScanner.scan(Array(bytes)) {
                var place = SourceLocation(
                    file: shown,
                    line: duplicate.line,
                    column: duplicate.column,
                    pointer: duplicate.pointer
                )
                place.references = references
                report(.duplicateKey(key: duplicate.key, firstLine: duplicate.firstLine), at: place)
            }
        }
        let file = FragmentFile(root: root, index: index, displayPath: shown)
        fragments[key] = file
        fragmentOrder.append(URL(fileURLWithPath: key))
        return file
    }

    /// The node at RFC 6901 `pointer` below `root`, or nil.
    static func walk(_ root: SuiteNode, to pointer: String) -> SuiteNode? {
        var node = root
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch node.value {
            case .object:
                guard let child = node.member(token) else { return nil }
                node = child
            case .array:
                // RFC 6901: an index is `0` or digits without a leading zero.
                let elements = node.elements
                guard let i = Int(token), i >= 0, i < elements.count, String(i) == token else { return nil }
                node = elements[i]
            default: return nil
            }
        }
        return node
    }

    /// `file.json#/a/b` as its path and its pointer (`""` for the whole file).
    static func split(_ reference: String) -> (path: String, pointer: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    /// `path` (relative to the folder of the file shown as `referrer`) as users see it: `a/b/../c.json` is
    /// `a/c.json`, so a diagnostic names the file as `ls` would find it.
    static func joinedPath(_ referrer: String, _ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (referrer as NSString).deletingLastPathComponent
        var parts: [Substring] = []
        for part in (folder.isEmpty ? path : folder + "/" + path).split(
            separator: "/",
            omittingEmptySubsequences: false
        ) {
            if part == "." || (part.isEmpty && !parts.isEmpty) { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
