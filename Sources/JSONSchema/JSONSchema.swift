import JSONPath

/// A compiled JSON Schema (draft 2020-12, or draft-07 when the schema declares it): compile once,
/// validate many instances.
///
/// ```swift
/// let schema = try JSONSchema(compiling: json)
/// let result = schema.validate(instance)
/// for violation in result.violations { print(violation) }
/// ```
///
/// The module does no I/O: documents that `$ref` names outside the schema (other files, remote
/// URLs) come from the ``Loader`` the caller passes.
public struct JSONSchema: Sendable {
    /// The compiled subschemas; node 0 is the root.
    let nodes: [CompiledNode]
    /// `$dynamicAnchor`s by resource index and name, as node indices.
    let dynamicAnchors: [Int: [String: Int]]
    let root: Int
    /// The options the schema was compiled with.
    public let options: Options

    /// Compiles a schema.
    /// - Parameters:
    ///   - json: the schema document.
    ///   - baseURI: the document's URI (`file:///…/user.schema.json`), against which relative
    ///     references resolve; an `$id` in the schema takes precedence.
    ///   - options: format assertion, remote references, violation limit.
    ///   - loader: reads other documents the schema refers to; nil when there are none.
    /// - Throws: ``JSONSchemaError`` for an unresolvable reference, a refused remote reference, a
    ///   malformed keyword, or references that loop without stepping into the instance.
    public init(
        compiling json: JSONValue,
        baseURI: String = "urn:afrun:schema",
        options: Options = Options(),
        loader: Loader? = nil
    ) throws(JSONSchemaError) {
        let base = SchemaURI(baseURI).withoutFragment
        var compiler = SchemaCompiler(options: options, loader: loader, rootURI: base.description)
        var dialect = options.defaultDialect
        var vocabularies = Vocabularies.all
        if case .object(let object) = json, case .string(let meta)? = object["$schema"] {
            (dialect, vocabularies) = try compiler.metaschema(meta, at: "#")
        }
        compiler.documents[base.description] = .init(json: json, dialect: dialect, vocabularies: vocabularies)
        try compiler.scan(
            json,
            base: base,
            aliases: [(base.description, "")],
            dialect: dialect,
            vocabularies: vocabularies
        )
        guard let rootIndex = compiler.locations[base.description + "#"] else {
            throw .invalidKeyword(keyword: "", at: "#", reason: "a schema must be an object or a boolean")
        }
        root = try compiler.node(rootIndex)
        try compiler.checkInPlaceCycles()
        nodes = compiler.nodes.map(CompiledNode.init)
        var anchors: [Int: [String: Int]] = [:]
        for (resource, names) in compiler.dynamicAnchors {
            for (name, scanned) in names {
                if let node = compiler.nodeOfScanned[scanned] { anchors[resource, default: [:]][name] = node }
            }
        }
        dynamicAnchors = anchors
        self.options = options
    }

    /// Validates an instance.
    /// - Parameter instance: the JSON value to check.
    /// - Returns: every violation found, up to ``Options/maxViolations``.
    public func validate(_ instance: JSONValue) -> ValidationResult {
        var evaluator = SchemaEvaluator(schema: self)
        let outcome = evaluator.evaluate(root, instance, collect: false)
        var violations = evaluator.violations
        if !outcome.valid && violations.isEmpty {
            violations.append(
                SchemaViolation(instanceLocation: "", keywordLocation: "#", message: "does not match the schema")
            )
        }
        return ValidationResult(violations: violations, truncated: evaluator.truncated)
    }

    /// Whether an instance is valid, stopping at the first failure.
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluator = SchemaEvaluator(schema: self)
        evaluator.quiet = 1
        return evaluator.evaluate(root, instance, collect: false).valid
    }
}
