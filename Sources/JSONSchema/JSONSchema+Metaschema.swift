import JSONPath

extension JSONSchema {
    /// The compiled metaschemas, for checking schemas themselves.
    private static let metaschemas: [Dialect: JSONSchema] = {
        var table: [Dialect: JSONSchema] = [:]
        let uris: [(Dialect, String)] = [
            (.draft202012, "https://json-schema.org/draft/2020-12/schema"),
            (.draft07, "http://json-schema.org/draft-07/schema"),
        ]
        for (dialect, uri) in uris {
            guard let document = Metaschemas.document(uri) else { continue }
            table[dialect] = try? JSONSchema(
                compiling: document,
                baseURI: uri,
                options: Options(defaultDialect: dialect)
            )
        }
        return table
    }()

    /// Checks a schema document against the metaschema of its dialect (its `$schema`, else
    /// `defaultDialect`); a custom metaschema is not checked here.
    /// - Parameters:
    ///   - json: the schema document.
    ///   - defaultDialect: the dialect of a schema without `$schema`.
    /// - Returns: the metaschema's violations (empty when the schema is well formed).
    public static func metaschemaViolations(
        of json: JSONValue,
        defaultDialect: Dialect = .draft202012
    )
        -> [SchemaViolation]
    {
        var dialect = defaultDialect
        if case .object(let object) = json, case .string(let uri)? = object["$schema"] {
            guard let known = Dialect(metaschema: uri) else { return [] }
            dialect = known
        }
        return metaschemas[dialect]?.validate(json).violations ?? []
    }
}
