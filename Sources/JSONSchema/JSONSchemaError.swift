/// Why a schema could not be compiled: the one error type of the `JSONSchema` module.
public enum JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `$ref`, `$dynamicRef` or `$schema` names a document or location that cannot be found.
    case unresolvedReference(reference: String, at: String)
    /// A reference to an `http`/`https` document while remote references are not allowed.
    case remoteReferenceRefused(reference: String, at: String)
    /// The caller's loader failed for a document that the schema at `at` refers to.
    case loadFailed(uri: String, reason: String, at: String)
    /// A keyword's value has the wrong form (for example a `pattern` that is not a regular expression).
    case invalidKeyword(keyword: String, at: String, reason: String)
    /// References (with `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`) that
    /// come back to a subschema already entered without stepping into a member or an item: validating
    /// would never end. `locations` is the loop, its first location repeated at the end.
    case referenceCycle(locations: [String])

    /// The place in the schema the error is about (`#/$defs/a`, or `file:///…#/…` in another document;
    /// for a document that cannot be loaded, the schema that refers to it).
    public var location: String {
        switch self {
        case .unresolvedReference(_, let at), .remoteReferenceRefused(_, let at), .invalidKeyword(_, let at, _),
            .loadFailed(_, _, let at):
            at
        case .referenceCycle(let locations): locations.first ?? "#"
        }
    }

    /// A one-line message naming the place in the schema and what to do.
    public var description: String {
        switch self {
        case .unresolvedReference(let reference, let at):
            "\(at): cannot resolve reference \"\(reference)\"; check the URI, the $defs name or the file"
        case .remoteReferenceRefused(let reference, let at):
            "\(at): remote reference \"\(reference)\" refused; allow remote references or use a local file"
        case .loadFailed(let uri, let reason, let at):
            "\(at): cannot load \(uri): \(reason)"
        case .invalidKeyword(let keyword, let at, let reason):
            "\(at)/\(keyword): \(reason)"
        case .referenceCycle(let locations):
            "\(locations.first ?? "#"): the references loop without stepping into a member or an item ("
                + locations.joined(separator: " → ")
                + "), so validation would never end; make one of them a schema of its own"
        }
    }
}
