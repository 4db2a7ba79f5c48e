import AFOpenAPI
import Foundation
import JSONPath
import JSONSchema
import Locking

/// Decodes one parsed suite file into the model, collecting every problem instead of stopping at
/// the first, so `afrun validate` shows them all in one pass.
struct SuiteDecoder {
    /// Which tests can see a template's variables.
    enum Scope: Hashable {
        /// The `defaults` every request takes as they are (`tls`, `proxy`…): suite variables, `--var` and `env.*`.
        case suite
        /// `baseURL` and the `headers`, `auth` and `basicAuth` of `defaults`: also setup's captures, since setup
        /// runs before every test (a setup test that runs before the capture goes without such a default).
        case defaults
        /// A test's request: also captures of earlier tests (when the suite is not parallel).
        case test(Int)
    }

    /// A template string found while decoding, checked for undefined variables afterwards.
    struct TemplateUse {
        var template: Template
        var node: SuiteNode
        var scope: Scope
        /// Whether the template is the node's member name (a header name), not its value.
        var key = false
        /// Whether the template is in a test's `expect`, which also sees the test's own captures (taken
        /// before its expectations).
        var seesOwnCaptures = false
    }

    /// A captured value named by an `expect.captures` assertion, checked like a placeholder afterwards.
    struct CaptureUse {
        var name: String
        /// The assertion's member (its name is the key).
        var node: SuiteNode
        var scope: Scope
    }

    /// A file path found while decoding, checked for existence afterwards.
    struct FileUse {
        var template: Template
        var node: SuiteNode
        var key: String
    }

    let file: URL
    let displayPath: String
    /// Byte offsets of the file's values; lines and columns are worked out only for a diagnostic.
    let index: JSONSourceIndex
    var diagnostics: [SuiteError] = []
    var templates: [TemplateUse] = []
    var captureUses: [CaptureUse] = []
    /// `defaults.xpathNamespaces`.
    var defaultNamespaces: [String: String] = [:]
    /// The namespaces XPath expressions decoded now may use: the defaults', and the test's own over them.
    var namespaces: [String: String] = [:]
    /// Whether templates decoded now are in a test's `expect` (see `TemplateUse.seesOwnCaptures`).
    var inExpect = false
    var files: [FileUse] = []
    /// The suite's default TLS policy, for checks on each request's merged policy.
    var defaultTLS: TLSSpec?
    var reportedDefaultPins = false
    /// Whether `defaults.tls` names pins (valid or not), so a malformed one is not also reported missing.
    var defaultTLSWritesPins = false
    /// Whether the suite has a `baseURL` (relative request URLs need one).
    var hasBaseURL = false
    /// The suite's `baseURL` as a template, for the setup tests whose relative URL needs it.
    var baseURLTemplate: Template?
    /// Capture names by test index (the index in `tests`), for the variable check.
    var captureNames: [Int: [String]] = [:]
    /// The column names of a test's `each` data by test index, for the variable check.
    var rowNames: [Int: Set<String>] = [:]
    /// The suite's `tags`, which every test of the suite carries too.
    var suiteTags: [String] = []
    /// How many elements `setup` has: their scope indices come first, the tests' after them.
    var setupCount = 0
    /// The scope templates decoded now belong to.
    var scope: Scope = .suite
    /// JSONPath queries compiled so far, by expression: a generated suite repeats a few paths
    /// thousands of times.
    var compiledQueries: [String: JSONPathQuery] = [:]
    /// JSON Schema files compiled so far, by resolved path (nil: reported as unusable).
    var compiledSchemas: [String: (schema: JSONSchema, document: JSONValue)?] = [:]
    /// OpenAPI documents read so far, by resolved path (nil: reported as unusable), and `defaults.openapi`.
    var openAPIContracts: [String: OpenAPIContract?] = [:]
    var openAPIDefault: OpenAPIDefault?
    /// `defaults.allowRemoteRefs`: whether schemas may `$ref` `http`/`https` documents.
    var allowsRemoteReferences = false
    /// The remote documents fetched so far, and where to note the ones still needed.
    var remoteDocuments = RemoteDocuments()
    var remoteAsked = LockedValue<Set<String>>([])
    /// Files read for `$ref`s, by absolute path (nil: reported as unusable); the suite file itself is one,
    /// for `#/…` references inside it.
    var fragments: [String: FragmentFile?] = [:]
    /// The files `$ref`s led to, in the order first read (the suite file not among them).
    var fragmentOrder: [URL] = []
    /// The suite file's bytes: parsed whole (as a fragment) only when a `#/…` reference inside it is followed.
    var suiteBytes: [UInt8]?
    /// Whether a test names a member twice (the loader then names every repeat of the file).
    var testsRepeatKeys = false

    // The variable and file checks, run test by test (`checkUses(endingScope:)`).
    /// `--var` and `--secret` names.
    var knownVariables: Set<String> = []
    /// The environment file paths are rendered with.
    var environment: [String: String] = [:]
    /// Suite variables and `knownVariables`.
    var definedVariables: Set<String> = []
    /// Values of suite variables that file paths can be rendered with now.
    var fileValues: [String: String] = [:]
    /// Whether the suite is `parallel` (captures do not flow between its tests).
    var parallel = false
    /// The captures of every scope checked so far.
    var capturedSoFar: Set<String> = []
    /// The captures of setup's tests.
    var capturedBySetup: Set<String> = []
    /// Uses nothing visible defined, reported once every capture is known.
    var unresolved: [UnresolvedUse] = []

    init(file: URL, displayPath: String, index: JSONSourceIndex) {
        self.file = file
        self.displayPath = displayPath
        self.index = index
    }

    // MARK: Places and reports

    /// The place of the value at `pointer`; `key: true` gives its member name's place instead.
    func location(_ pointer: String, key: Bool = false) -> SourceLocation {
        var p = pointer
        while true {
            if let l = key ? index.keyLocation(of: p) : index.location(of: p) {
                return SourceLocation(file: displayPath, line: l.line, column: l.column, pointer: pointer)
            }
            // Fall back to the nearest ancestor the map knows.
            guard let slash = p.lastIndex(of: "/") else { break }
            p = String(p[..<slash])
        }
        return SourceLocation(file: displayPath, line: 1, column: 1, pointer: pointer)
    }

    /// The place of the value at `relative` (an RFC 6901 pointer) below `node`, or of its nearest ancestor there.
    func location(_ relative: String, below node: SuiteNode) -> SourceLocation {
        let tree = node.tree
        // Pointers into the node's own tree: a test parsed on its own has its own index.
        let own = tree.index.pointer(ofNode: node.id)
        var p = own + relative
        var found = tree.index.location(of: p)
        while found == nil, p.count > own.count, let slash = p.lastIndex(of: "/") {
            p = String(p[..<slash])
            found = tree.index.location(of: p)
        }
        let l = found ?? tree.index.location(ofNode: node.id)
        var place = SourceLocation(
            file: tree.displayPath,
            line: l.line,
            column: l.column,
            pointer: node.pointer + relative
        )
        place.references = tree.references
        return place
    }

    /// The place of `node`'s value (or, `key: true`, its member name) that a test or an assertion keeps: the
    /// pointer is worked out now, so the model holds no reference to the file's source index (which would keep
    /// the whole file and an index entry per value alive for as long as the suite).
    func place(_ node: SuiteNode, key: Bool = false) -> SourceLocation {
        location(node, key: key)
    }

    /// The place of `node`'s value; `key: true` gives its member name's place instead.
    func location(_ node: SuiteNode, key: Bool = false) -> SourceLocation {
        let tree = node.tree
        let l = key ? tree.index.keyLocation(ofNode: node.id) : tree.index.location(ofNode: node.id)
        var place = SourceLocation(file: tree.displayPath, line: l.line, column: l.column, pointer: node.pointer)
        place.references = tree.references
        return place
    }

    mutating func report(_ reason: SuiteDiagnostic.Reason, at node: SuiteNode, key: Bool = false) {
        diagnostics.append(.invalid(SuiteDiagnostic(location: location(node, key: key), reason: reason)))
    }

    mutating func report(_ reason: SuiteDiagnostic.Reason, at location: SourceLocation) {
        diagnostics.append(.invalid(SuiteDiagnostic(location: location, reason: reason)))
    }

    /// The place of the character at `offset` inside the string value of `node`, mapping through
    /// JSON escapes so a `{{` deep in a URL is pointed at exactly.
    func location(inString node: SuiteNode, characterOffset offset: Int, key: Bool = false) -> SourceLocation {
        var base = location(node, key: key)
        guard let line = node.tree.index.lineText(base.line) else { return base }
        var raw = Substring(line).dropFirst(base.column - 1)
        guard raw.first == "\"" else { return base }
        raw = raw.dropFirst()
        var column = base.column + 1
        var decoded = 0
        while decoded < offset, let c = raw.first {
            var width = 1
            if c == "\\" {
                width = raw.dropFirst().first == "u" ? 6 : 2
            }
            raw = raw.dropFirst(width)
            column += width
            decoded += 1
        }
        base.column = column
        return base
    }

    // MARK: Objects and keys

    /// Checks `node` is an object and that every key is in `allowed` (with a did-you-mean);
    /// returns nil (after reporting) when it is not an object.
    mutating func object(
        _ node: SuiteNode,
        allowed: [String],
        context: String,
        misplaced: [String: String] = [:]
    ) -> SuiteNode? {
        guard case .object(let members) = node.value else {
            report(.wrongType(key: keyName(node), expected: "an object", found: node.typeDescription), at: node)
            return nil
        }
        // Pointers are built only for the keys that are reported.
        // Lengths first (most allowed names differ from a key in length), then the string comparison.
        for (key, _) in members.members where !allowed.contains(where: { $0.utf8.count == key.utf8.count && $0 == key })
        {
            let child = node.member(key)!
            // `$schema` is only read at the top of the file (docs/suite.schema.json says the same).
            if let home = misplaced[key] ?? (key == "$schema" ? "the suite's top-level object" : nil) {
                var d = SuiteDiagnostic(
                    location: location(child, key: true),
                    reason: .unknownKey(key: key, suggestion: nil, context: context)
                )
                d.fix = "`\(key)` belongs inside \(home): move it there"
                diagnostics.append(.invalid(d))
            } else if let negated = Self.negatedPredicate(key, allowed: allowed) {
                var d = SuiteDiagnostic(
                    location: location(child, key: true),
                    reason: .unknownKey(key: key, suggestion: nil, context: context)
                )
                d.fix =
                    negated == "exists"
                    ? "write `\"exists\": false`"
                    : "a predicate is negated with `not`: write `\"not\": {\"\(negated)\": …}`"
                diagnostics.append(.invalid(d))
            } else {
                let suggestion = EditDistance.suggestion(for: key, among: allowed)
                report(.unknownKey(key: key, suggestion: suggestion, context: context), at: child, key: true)
            }
        }
        return node
    }

    /// The predicate an unknown key negates (`notContains`, `doesNotMatch`, `notExists`), when `not` is
    /// among the `allowed` keys and the rest of the key names one of them.
    static func negatedPredicate(_ key: String, allowed: [String]) -> String? {
        guard allowed.contains("not") else { return nil }
        for prefix in ["not", "doesNot", "isNot", "does_not_", "not_"] where key.hasPrefix(prefix) {
            let rest = key.dropFirst(prefix.count)
            guard let first = rest.first else { continue }
            let name = first.lowercased() + rest.dropFirst()
            if let found = [name, name + "s", name + "es"].first(where: { $0 != "not" && allowed.contains($0) }) {
                return found
            }
        }
        return nil
    }

    /// The name to show for a node's key: the member name, or `name[index]` for array elements.
    func keyName(_ node: SuiteNode) -> String {
        let pointer = node.pointer
        let key = SuiteNode.lastToken(of: pointer)
        if Int(key) != nil {
            let parent = String(pointer[..<(pointer.lastIndex(of: "/") ?? pointer.startIndex)])
            return "\(SuiteNode.lastToken(of: parent))[\(key)]"
        }
        return key
    }

    mutating func require(_ key: String, in node: SuiteNode, context: String) -> SuiteNode? {
        if let child = node.member(key) { return child }
        if !adoptMisspelling(of: key, in: node) { report(.missingKey(key: key, context: context), at: node) }
        return nil
    }

    /// Whether an unknown key of `node`, already reported, is likely `key` misspelt (`user` for `username`):
    /// its diagnostic then suggests `key`, and `key` is not also reported missing (one mistake, one report).
    private mutating func adoptMisspelling(of key: String, in node: SuiteNode) -> Bool {
        let prefix = node.pointer + "/"
        for index in diagnostics.indices.reversed() {
            guard case .invalid(let d) = diagnostics[index],
                case .unknownKey(let typed, let suggestion, let context) = d.reason,
                suggestion == nil || suggestion == key, d.fix == d.reason.fix,
                d.location.file == node.tree.displayPath, d.location.pointer.hasPrefix(prefix),
                !d.location.pointer.dropFirst(prefix.count).contains("/"),
                EditDistance.isLikelyMisspelling(typed, of: key)
            else { continue }
            diagnostics[index] = .invalid(
                SuiteDiagnostic(
                    location: d.location,
                    reason: .unknownKey(key: typed, suggestion: key, context: context)
                )
            )
            return true
        }
        return false
    }

    // MARK: Scalars

    mutating func string(_ node: SuiteNode?) -> String? {
        guard let node else { return nil }
        if case .string(let s) = node.value { return s }
        report(.wrongType(key: keyName(node), expected: "a string", found: node.typeDescription), at: node)
        return nil
    }

    mutating func bool(_ node: SuiteNode?) -> Bool? {
        guard let node else { return nil }
        if case .bool(let b) = node.value { return b }
        report(
            .wrongType(key: keyName(node), expected: "a boolean (`true` or `false`)", found: node.typeDescription),
            at: node
        )
        return nil
    }

    /// A number; `positive` also rejects zero and negatives.
    mutating func number(_ node: SuiteNode?, positive: Bool = false) -> Double? {
        guard let node else { return nil }
        guard case .number(let n) = node.value else {
            report(.wrongType(key: keyName(node), expected: "a number", found: node.typeDescription), at: node)
            return nil
        }
        let value = n.doubleValue
        if positive, !(value > 0) || !value.isFinite {
            report(.outOfRange(key: keyName(node), value: n.literal, expected: "a number greater than 0"), at: node)
            return nil
        }
        return value
    }

    /// An integer in `range`.
    mutating func integer(_ node: SuiteNode?, in range: ClosedRange<Int> = 0...Int(Int32.max)) -> Int? {
        guard let node else { return nil }
        guard case .number(let n) = node.value else {
            report(.wrongType(key: keyName(node), expected: "an integer", found: node.typeDescription), at: node)
            return nil
        }
        guard let i = n.int64Value, i.magnitude <= UInt64(Int32.max) else {
            // A whole number too large for any range here (`99999999999999999999999999999`, `1e400`) is out of
            // range, not "not an integer".
            let value = n.doubleValue
            if value.isInfinite || value.rounded() == value {
                report(
                    .outOfRange(
                        key: keyName(node),
                        value: n.literal,
                        expected: "an integer from \(range.lowerBound) to \(range.upperBound)"
                    ),
                    at: node
                )
            } else {
                report(
                    .wrongType(key: keyName(node), expected: "an integer", found: "a number that is not an integer"),
                    at: node
                )
            }
            return nil
        }
        guard range.contains(Int(i)) else {
            report(
                .outOfRange(
                    key: keyName(node),
                    value: "\(i)",
                    expected: "an integer from \(range.lowerBound) to \(range.upperBound)"
                ),
                at: node
            )
            return nil
        }
        return Int(i)
    }

    /// A string that is a template; it is recorded for the variable check.
    mutating func template(_ node: SuiteNode?) -> String? {
        guard let node, let text = string(node) else { return nil }
        record(text, at: node)
        return text
    }

    /// Parses `text` as a template and records it (or reports its syntax error at the exact column).
    /// `key: true` records `node`'s member name (a header name) instead of its value.
    @discardableResult
    mutating func record(_ text: String, at node: SuiteNode, key: Bool = false) -> Template? {
        do {
            let t = try Template(text)
            if !t.isLiteral {
                templates.append(
                    TemplateUse(template: t, node: node, scope: scope, key: key, seesOwnCaptures: inExpect)
                )
            }
            return t
        } catch {
            if case .templateSyntax(let source, let message, let offset) = error {
                report(
                    .invalidTemplate(template: source, message: message, offset: offset),
                    at: location(inString: node, characterOffset: offset, key: key)
                )
            }
            return nil
        }
    }

    /// A file path (a template); recorded for the existence check.
    mutating func path(_ node: SuiteNode?) -> String? {
        guard let node, let text = template(node) else { return nil }
        if let t = try? Template(text) { files.append(FileUse(template: t, node: node, key: keyName(node))) }
        return text
    }

    /// Records every string inside a JSON value (bodies, query) as a template.
    mutating func recordTemplates(in node: SuiteNode) {
        switch node.value {
        case .string(let s): record(s, at: node)
        case .array: for e in node.elements { recordTemplates(in: e) }
        case .object: for (_, child) in node.members { recordTemplates(in: child) }
        default: break
        }
    }

    /// A name from a fixed list, with a did-you-mean.
    mutating func name(_ node: SuiteNode?, allowed: [String]) -> String? {
        guard let node, let value = string(node) else { return nil }
        if allowed.contains(value) { return value }
        let suggestion =
            EditDistance.suggestion(for: value, among: allowed)
            ?? allowed.first { $0.lowercased() == value.lowercased() }
        report(.unknownName(key: keyName(node), value: value, allowed: allowed, suggestion: suggestion), at: node)
        return nil
    }

    /// Compiles a regex, reporting what is wrong and where inside the string when it does not.
    mutating func regex(_ node: SuiteNode?) -> String? {
        guard let node, let pattern = string(node) else { return nil }
        if (try? NSRegularExpression(pattern: pattern)) != nil { return pattern }
        if let (message, offset) = RegexProblem.explain(pattern) {
            report(
                .invalidRegex(pattern: pattern, message: "\(message) at position \(offset)"),
                at: location(inString: node, characterOffset: offset)
            )
        } else {
            report(.invalidRegex(pattern: pattern, message: "the pattern does not compile"), at: node)
        }
        return nil
    }

    /// Parses a JSONPath expression, reporting the parser's message and position; an expression with
    /// `{{…}}` is checked as a template and compiled once rendered (see `templatedJSONPath`).
    mutating func jsonPath(_ node: SuiteNode?) -> String? {
        if let node, case .string(let text) = node.value, Template.mayHavePlaceholder(text) {
            return templatedJSONPath(node, text)
        }
        return jsonQuery(node)?.expression
    }

    /// A JSONPath with placeholders (`$.items[{{index}}]`): the template is recorded for the variable check,
    /// and the expression must parse with each placeholder read as `0` or as a name (the rendered text is
    /// compiled when the test runs).
    mutating func templatedJSONPath(_ node: SuiteNode, _ text: String) -> String? {
        guard let template = record(text, at: node) else { return nil }
        var firstError: (message: String, position: Int)?
        for stand in ["0", "a"] {
            let probe = (try? template.render { _ in stand }) ?? text
            do {
                _ = try JSONPathQuery(probe)
                return text
            } catch {
                if firstError == nil { firstError = (error.message, error.position) }
            }
        }
        if let error = firstError {
            report(
                .invalidJSONPath(
                    expression: text,
                    message: error.message + " (with each `{{…}}` read as `0`)",
                    position: error.position
                ),
                at: node
            )
        }
        return nil
    }

    /// Whether a text that is not a JSONPath reads as XPath: a location path (`/a`, `//a`) or a call of one
    /// of its node-set functions (`count(//li)`).
    static func looksLikeXPath(_ expression: String) -> Bool {
        let text = expression.trimmingWhitespace()
        if text.hasPrefix("/") { return true }
        return ["count(", "string(", "normalize-space(", "contains(", "boolean(", "number(", "sum("].contains {
            text.hasPrefix($0)
        }
    }

    /// Compiles a JSONPath expression (kept, so a run does not compile it again per test),
    /// reporting the parser's message and position.
    mutating func jsonQuery(_ node: SuiteNode?) -> JSONPathQuery? {
        guard let node, let expression = string(node) else { return nil }
        if let known = compiledQueries[expression] { return known }
        do {
            let query = try JSONPathQuery(expression)
            compiledQueries[expression] = query
            return query
        } catch {
            var diagnostic = SuiteDiagnostic(
                location: location(inString: node, characterOffset: error.position),
                reason: .invalidJSONPath(expression: expression, message: error.message, position: error.position)
            )
            if let suggestion = JSONPathQuery.bracketedSuggestion(for: expression) {
                diagnostic.fix = "a member name with `-` goes in brackets: write `\(suggestion)`"
            } else if Self.looksLikeXPath(expression) {
                diagnostic.fix =
                    "`\(expression)` is an XPath: for an XML or HTML body write it under `xpath` instead of `json`"
            }
            diagnostics.append(.invalid(diagnostic))
            return nil
        }
    }
}
