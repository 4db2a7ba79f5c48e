import JSONPath

extension SchemaCompiler {
    /// Keywords whose value is one schema.
    static let singleSchemaKeywords = [
        "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "unevaluatedItems",
        "unevaluatedProperties", "additionalItems", "contentSchema", "items",
    ]
    /// Keywords whose value is an array of schemas.
    static let schemaArrayKeywords = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    /// Keywords whose value is an object of schemas.
    static let schemaMapKeywords = [
        "$defs", "definitions", "properties", "patternProperties", "dependentSchemas", "dependencies",
    ]

    /// Records `json` and its subschemas under every URI that reaches them.
    /// - Parameter aliases: the enclosing resources' URIs, innermost first, each with the JSON
    ///   Pointer from that resource to `json`.
    mutating func scan(
        _ json: JSONValue,
        base: SchemaURI,
        aliases: [(uri: String, pointer: String)],
        dialect: JSONSchema.Dialect,
        vocabularies: Vocabularies
    ) throws(JSONSchemaError) {
        var base = base
        var aliases = aliases
        var dialect = dialect
        var vocabularies = vocabularies
        var anchors: [String] = []
        var dynamicAnchor: String?
        guard case .object(let object) = json else {
            if case .bool = json {
                record(json, base: base, aliases: aliases, dialect: dialect, vocabularies: vocabularies)
            }
            return
        }
        if locations[aliases[0].uri + "#" + aliases[0].pointer] != nil { return }
        let draft07Ref = dialect == .draft07 && object["$ref"] != nil
        if case .string(let id)? = object["$id"], !draft07Ref {
            let resolved = base.resolving(id)
            if dialect == .draft07, let fragment = resolved.fragment, !fragment.isEmpty { anchors.append(fragment) }
            if dialect == .draft202012 || !id.hasPrefix("#") {
                base = resolved.withoutFragment
                let uri = base.description
                if uri != aliases[0].uri || !aliases[0].pointer.isEmpty { aliases.insert((uri, ""), at: 0) }
                if case .string(let meta)? = object["$schema"] {
                    (dialect, vocabularies) = try metaschema(meta, at: uri)
                }
                if documents[uri] == nil {
                    documents[uri] = Document(json: json, dialect: dialect, vocabularies: vocabularies)
                }
            }
        }
        if dialect == .draft202012 {
            if case .string(let anchor)? = object["$anchor"] { anchors.append(anchor) }
            if case .string(let anchor)? = object["$dynamicAnchor"] {
                anchors.append(anchor)
                dynamicAnchor = anchor
            }
        }
        let index = record(json, base: base, aliases: aliases, dialect: dialect, vocabularies: vocabularies)
        for anchor in anchors where locations[base.description + "#" + anchor] == nil {
            locations[base.description + "#" + anchor] = index
        }
        if let dynamicAnchor {
            dynamicAnchors[resource(base.description), default: [:]][dynamicAnchor] = index
        }
        if draft07Ref {
            // Draft-07 ignores a `$ref`'s siblings, except that its definitions can still be referred to.
            for keyword in ["definitions", "$defs"] {
                try scanMap(object, keyword, base: base, aliases: aliases, dialect: dialect, vocabularies: vocabularies)
            }
            return
        }
        for keyword in Self.singleSchemaKeywords {
            guard let child = object[keyword] else { continue }
            if case .array = child { continue }
            try scan(
                child,
                base: base,
                aliases: Self.extend(aliases, keyword),
                dialect: dialect,
                vocabularies: vocabularies
            )
        }
        for keyword in Self.schemaArrayKeywords {
            guard case .array(let children)? = object[keyword] else { continue }
            for (position, child) in children.enumerated() {
                try scan(
                    child,
                    base: base,
                    aliases: Self.extend(aliases, keyword, String(position)),
                    dialect: dialect,
                    vocabularies: vocabularies
                )
            }
        }
        for keyword in Self.schemaMapKeywords {
            try scanMap(object, keyword, base: base, aliases: aliases, dialect: dialect, vocabularies: vocabularies)
        }
    }

    private mutating func scanMap(
        _ object: JSONObject,
        _ keyword: String,
        base: SchemaURI,
        aliases: [(uri: String, pointer: String)],
        dialect: JSONSchema.Dialect,
        vocabularies: Vocabularies
    ) throws(JSONSchemaError) {
        guard case .object(let children)? = object[keyword] else { return }
        for (name, child) in children {
            try scan(
                child,
                base: base,
                aliases: Self.extend(aliases, keyword, name),
                dialect: dialect,
                vocabularies: vocabularies
            )
        }
    }

    @discardableResult
    private mutating func record(
        _ json: JSONValue,
        base: SchemaURI,
        aliases: [(uri: String, pointer: String)],
        dialect: JSONSchema.Dialect,
        vocabularies: Vocabularies
    ) -> Int {
        let index = scanned.count
        scanned.append(
            Scanned(
                json: json,
                base: base,
                resource: resource(aliases[0].uri),
                pointer: aliases[0].pointer,
                dialect: dialect,
                vocabularies: vocabularies
            )
        )
        for alias in aliases where locations[alias.uri + "#" + alias.pointer] == nil {
            locations[alias.uri + "#" + alias.pointer] = index
        }
        return index
    }

    static func extend(
        _ aliases: [(uri: String, pointer: String)],
        _ tokens: String...
    ) -> [(
        uri: String, pointer: String
    )] {
        let suffix = tokens.map { "/" + JSONPointer.escape($0) }.joined()
        return aliases.map { ($0.uri, $0.pointer + suffix) }
    }
}
