import JSONPath

/// The metaschemas of the drafts the validator implements, embedded so a schema can be checked
/// against its metaschema and refer to it without any I/O (texts as published by json-schema.org).
enum Metaschemas {
    /// The embedded documents by URI (without fragment).
    static let documents: [String: JSONValue] = {
        var table: [String: JSONValue] = [:]
        for text in draft202012 + draft202012Vocabularies + draft07 {
            guard let json = try? JSONValue(parsing: text), case .object(let object) = json,
                case .string(var id)? = object["$id"]
            else { continue }
            if id.hasSuffix("#") { id.removeLast() }
            table[id] = json
        }
        return table
    }()

    /// The document for `uri`, if it is an embedded metaschema.
    static func document(_ uri: String) -> JSONValue? {
        documents[uri.hasSuffix("#") ? String(uri.dropLast()) : uri]
    }
}
