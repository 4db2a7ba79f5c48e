/// Why a schema could not be compiled: the one error type of the `JSONSchema` module.
public enum JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `$ref`, `$dynamicRef` or `$schema` names a document or location that cannot be found.
    case unresolvedReference(reference: String, at: String)
    /// A reference to an `http`/`https` document while remote references are not allowed.
    case remoteReferenceRefused(reference: String, at: String)
    /// The caller's loader failed for a document.
    case loadFailed(uri: String, reason: String)
    /// A keyword's value has the wrong form (for example a `pattern` that is not a regular expression).
    case invalidKeyword(keyword: String, at: String, reason: String)

    /// A one-line message naming the place in the schema and what to do.
    public var description: String {
        switch self {
        case .unresolvedReference(let reference, let at):
            "\(at): cannot resolve reference \"\(reference)\"; check the URI, the $defs name or the file"
        case .remoteReferenceRefused(let reference, let at):
            "\(at): remote reference \"\(reference)\" refused; allow remote references or use a local file"
        case .loadFailed(let uri, let reason):
            "cannot load \(uri): \(reason)"
        case .invalidKeyword(let keyword, let at, let reason):
            "\(at)/\(keyword): \(reason)"
        }
    }
}
