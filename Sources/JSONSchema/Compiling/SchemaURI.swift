/// RFC 3986 reference resolution for schema identifiers (`$id`, `$ref`, `$schema`).
///
/// Foundation's `URL(string:relativeTo:)` does not resolve a fragment or a relative reference
/// against a non-hierarchical base such as `urn:uuid:…` or `tag:…`, which JSON Schema uses as
/// identifiers; §5.2's algorithm, written out here, does.
struct SchemaURI: Hashable, Sendable, CustomStringConvertible {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits a reference into its five parts (RFC 3986 appendix B).
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"),
            rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            rest.first?.isLetter == true
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The reference without its fragment.
    var withoutFragment: SchemaURI {
        SchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    /// Whether the scheme is `http` or `https` (a remote document).
    var isRemote: Bool { scheme == "http" || scheme == "https" }

    /// Resolves `reference` against this base (RFC 3986 §5.2.2).
    func resolving(_ reference: String) -> SchemaURI {
        let r = SchemaURI(reference)
        if r.scheme != nil {
            return SchemaURI(
                scheme: r.scheme,
                authority: r.authority,
                path: Self.removeDotSegments(r.path),
                query: r.query,
                fragment: r.fragment
            )
        }
        if r.authority != nil {
            return SchemaURI(
                scheme: scheme,
                authority: r.authority,
                path: Self.removeDotSegments(r.path),
                query: r.query,
                fragment: r.fragment
            )
        }
        if r.path.isEmpty {
            return SchemaURI(
                scheme: scheme,
                authority: authority,
                path: path,
                query: r.query ?? query,
                fragment: r.fragment
            )
        }
        let merged: String
        if r.path.hasPrefix("/") {
            merged = r.path
        } else if authority != nil && path.isEmpty {
            merged = "/" + r.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = path[...slash] + r.path
        } else {
            merged = r.path
        }
        return SchemaURI(
            scheme: scheme,
            authority: authority,
            path: Self.removeDotSegments(merged),
            query: r.query,
            fragment: r.fragment
        )
    }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            if segment == "." {
                if last { output.append("") }
            } else if segment == ".." {
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if last { output.append("") }
            } else {
                output.append(segment)
            }
        }
        var result = output.joined(separator: "/")
        if path.hasPrefix("/") && !result.hasPrefix("/") { result = "/" + result }
        return result
    }

    var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }
}
