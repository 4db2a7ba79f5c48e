import JSONPath

/// Turns a schema document (and the documents it refers to) into ``JSONSchema``'s node table.
///
/// Two passes: ``scan(_:base:aliases:dialect:vocabularies:)`` walks every subschema once,
/// recording each under every URI it can be reached by (`resource#/pointer` for each enclosing
/// resource, `$anchor`s, `$dynamicAnchor`s); then nodes are built on demand from the root, so a
/// `$ref` becomes a node index and a cycle of references a cycle of indices.
struct SchemaCompiler {
    /// A subschema found by the scan.
    struct Scanned {
        var json: JSONValue
        var base: SchemaURI
        var resource: Int
        var pointer: String
        var dialect: JSONSchema.Dialect
        var vocabularies: Vocabularies
    }

    /// A resource root: what a pointer fragment against its URI walks.
    struct Document {
        var json: JSONValue
        var dialect: JSONSchema.Dialect
        var vocabularies: Vocabularies
    }

    let options: JSONSchema.Options
    let loader: JSONSchema.Loader?
    let rootURI: String
    var documents: [String: Document] = [:]
    var scanned: [Scanned] = []
    var locations: [String: Int] = [:]
    var resources: [String] = []
    var resourceIndex: [String: Int] = [:]
    var dynamicAnchors: [Int: [String: Int]] = [:]
    var nodes: [SchemaNode] = []
    var nodeOfScanned: [Int: Int] = [:]

    init(options: JSONSchema.Options, loader: JSONSchema.Loader?, rootURI: String) {
        self.options = options
        self.loader = loader
        self.rootURI = rootURI
    }

    /// The index of a resource URI in the resource table, added when new.
    mutating func resource(_ uri: String) -> Int {
        if let index = resourceIndex[uri] { return index }
        resources.append(uri)
        resourceIndex[uri] = resources.count - 1
        return resources.count - 1
    }

    /// The dialect and vocabularies a `$schema` value selects; a custom metaschema is loaded.
    mutating func metaschema(
        _ uri: String,
        at location: String
    ) throws(JSONSchemaError) -> (
        JSONSchema.Dialect, Vocabularies
    ) {
        if let dialect = JSONSchema.Dialect(metaschema: uri) { return (dialect, .all) }
        let document = SchemaURI(uri).withoutFragment.description
        try loadDocument(document, reference: uri, at: location)
        guard case .object(let meta)? = documents[document]?.json else {
            throw .unresolvedReference(reference: uri, at: location)
        }
        var dialect = JSONSchema.Dialect.draft202012
        if case .string(let parent)? = meta["$schema"], let known = JSONSchema.Dialect(metaschema: parent) {
            dialect = known
        }
        guard case .object(let declared)? = meta["$vocabulary"] else { return (dialect, .all) }
        return (dialect, Vocabularies(declared: declared.keys))
    }

    /// Makes sure a document is scanned: from the embedded metaschemas, else through the loader.
    mutating func loadDocument(_ uri: String, reference: String, at location: String) throws(JSONSchemaError) {
        guard documents[uri] == nil else { return }
        let json: JSONValue
        if let embedded = Metaschemas.document(uri) {
            json = embedded
        } else {
            if SchemaURI(uri).isRemote && !options.allowsRemoteReferences {
                throw .remoteReferenceRefused(reference: reference, at: location)
            }
            let loaded: JSONValue?
            do {
                loaded = try loader?(uri)
            } catch {
                throw .loadFailed(uri: uri, reason: "\(error)", at: location)
            }
            guard let loaded else { throw .unresolvedReference(reference: reference, at: location) }
            json = loaded
        }
        var dialect = options.defaultDialect
        var vocabularies = Vocabularies.all
        if case .object(let object) = json, case .string(let meta)? = object["$schema"] {
            (dialect, vocabularies) = try metaschema(meta, at: uri)
        }
        documents[uri] = Document(json: json, dialect: dialect, vocabularies: vocabularies)
        try scan(json, base: SchemaURI(uri), aliases: [(uri, "")], dialect: dialect, vocabularies: vocabularies)
    }

    /// Resolves a `$ref`-style reference to a scanned subschema.
    mutating func resolve(_ reference: String, base: SchemaURI, at location: String) throws(JSONSchemaError) -> Int {
        let target = base.resolving(reference)
        let document = target.withoutFragment.description
        let fragment = JSONPointer.percentDecoded(target.fragment ?? "")
        if let found = locations[document + "#" + fragment] { return found }
        try loadDocument(document, reference: reference, at: location)
        if let found = locations[document + "#" + fragment] { return found }
        // A pointer into a part of the document the scan does not treat as a schema (an unknown
        // keyword): scan that part now, as the referring schema expects a schema there.
        guard fragment.hasPrefix("/"), let root = documents[document],
            let value = JSONPointer.resolve(fragment, in: root.json)
        else { throw .unresolvedReference(reference: reference, at: location) }
        try scan(
            value,
            base: SchemaURI(document),
            aliases: [(document, fragment)],
            dialect: root.dialect,
            vocabularies: root.vocabularies
        )
        guard let found = locations[document + "#" + fragment] else {
            throw .unresolvedReference(reference: reference, at: location)
        }
        return found
    }
}
