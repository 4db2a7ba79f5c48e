import Foundation
import JSONPath
import JSONSchema

extension SuiteDecoder {
    /// Decodes a `schema` value: a path to a schema file (relative to the suite's folder) or an inline
    /// schema. The schema is checked against its metaschema and compiled, once per file per suite;
    /// problems are reported at the schema file's line and column, or inside the suite for an inline one.
    mutating func decodeSchema(_ node: SuiteNode) -> SchemaExpectation? {
        switch node.value {
        case .string(let path):
            let url = Suite.resolve(path, in: file.deletingLastPathComponent()).standardizedFileURL
            if let known = compiledSchemas[url.path] {
                return known.map {
                    SchemaExpectation(schema: $0.schema, document: $0.document, file: path, location: place(node))
                }
            }
            let compiled = compileSchemaFile(path, url: url, at: node)
            compiledSchemas[url.path] = .some(compiled)
            return compiled.map {
                SchemaExpectation(schema: $0.schema, document: $0.document, file: path, location: place(node))
            }
        case .object, .bool:
            let document = node.value
            let violations = JSONSchema.metaschemaViolations(of: document)
            for violation in violations.prefix(10) {
                let at = location(violation.instanceLocation, below: node)
                diagnostics.append(
                    .invalid(
                        SuiteDiagnostic(
                            location: at,
                            message: "the inline schema is not a valid JSON Schema: \(violation.message)",
                            fix: "see docs/json-schema.md; the metaschema rule is \(violation.keywordLocation)"
                        )
                    )
                )
            }
            guard violations.isEmpty else { return nil }
            do {
                let schema = try JSONSchema(
                    compiling: document,
                    baseURI: SchemaFileLoader.uri(ofPath: file.path),
                    options: schemaOptions,
                    loader: schemaLoader
                )
                return SchemaExpectation(schema: schema, document: document, file: nil, location: place(node))
            } catch {
                if reportReferencedProblem(error, referrer: displayPath, referrerPath: file.path) { return nil }
                let pointer = error.location.hasPrefix("#") ? String(error.location.dropFirst()) : nil
                diagnostics.append(
                    .invalid(
                        SuiteDiagnostic(
                            location: pointer.map { location($0, below: node) } ?? location(node),
                            message: "the inline schema cannot be compiled: \(error)",
                            fix: Self.compileFix(error, otherwise: "check its $ref targets and keywords")
                        )
                    )
                )
                return nil
            }
        default:
            report(
                .wrongType(
                    key: "schema",
                    expected: "a schema file path or a JSON Schema object",
                    found: node.typeDescription
                ),
                at: node
            )
            return nil
        }
    }

    /// Reads, checks and compiles a schema file; reports at the file's own line and column.
    private mutating func compileSchemaFile(
        _ path: String,
        url: URL,
        at node: SuiteNode
    ) -> (
        schema: JSONSchema, document: JSONValue
    )? {
        if let problem = SuiteFileFinder.notRegularFileProblem(url.path) {
            reportNotRegular(path, problem: problem, what: "schema", at: node)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            report(.missingFile(path: path, resolved: url.path), at: node)
            return nil
        }
        let shown = Self.displayPath(of: url, relativeTo: displayPath, given: path)
        let document: JSONValue
        let index: JSONSourceIndex
        do {
            (document, index) = try JSONValue.parseWithSourceIndex(data)
        } catch {
            diagnostics.append(
                .invalid(
                    SuiteDiagnostic(
                        location: SourceLocation(file: shown, line: error.line, column: error.column, pointer: ""),
                        message: "the schema file is not valid JSON: \(error.message)",
                        fix: "fix the JSON syntax of \(path) (referenced at \(location(node)))"
                    )
                )
            )
            return nil
        }
        let violations = JSONSchema.metaschemaViolations(of: document)
        for violation in violations.prefix(10) {
            let place = index.location(of: violation.instanceLocation)
            diagnostics.append(
                .invalid(
                    SuiteDiagnostic(
                        location: SourceLocation(
                            file: shown,
                            line: place?.line ?? 1,
                            column: place?.column ?? 1,
                            pointer: violation.instanceLocation
                        ),
                        message: "not a valid JSON Schema: \(violation.message)",
                        fix: "see docs/json-schema.md; the metaschema rule is \(violation.keywordLocation)"
                    )
                )
            )
        }
        guard violations.isEmpty else { return nil }
        do {
            let schema = try JSONSchema(
                compiling: document,
                baseURI: SchemaFileLoader.uri(ofPath: url.path),
                options: schemaOptions,
                loader: schemaLoader
            )
            return (schema, document)
        } catch {
            if reportReferencedProblem(error, referrer: shown, referrerPath: url.path) { return nil }
            // The error's place, when it is in this file (`#/$defs/a`), is shown at its line and column.
            let pointer = error.location.hasPrefix("#") ? String(error.location.dropFirst()) : nil
            let place = pointer.flatMap { index.location(of: $0) }
            diagnostics.append(
                .invalid(
                    SuiteDiagnostic(
                        location: SourceLocation(
                            file: shown,
                            line: place?.line ?? 1,
                            column: place?.column ?? 1,
                            pointer: place == nil ? "" : pointer ?? ""
                        ),
                        message: "the schema cannot be compiled: \(error)",
                        fix: Self.compileFix(
                            error,
                            otherwise: "check the schema's $ref targets (files resolve relative to \(path))"
                        )
                    )
                )
            )
            return nil
        }
    }

    /// Reports a compile error that lies in a file the schema reaches through `$ref` at that file's line and
    /// column, naming the file that refers to it.
    /// - Returns: false when the error is not in such a file (the caller reports it).
    private mutating func reportReferencedProblem(
        _ error: JSONSchemaError,
        referrer: String,
        referrerPath: String
    ) -> Bool {
        guard
            let problem = SchemaFileLoader.referencedProblem(of: error, referrer: referrer, referrerPath: referrerPath)
        else { return false }
        let fix =
            problem.isInvalidJSON
            ? "fix the JSON syntax of \(problem.path)"
            : Self.compileFix(error, otherwise: "correct the schema there in \(problem.path)")
        diagnostics.append(
            .invalid(
                SuiteDiagnostic(
                    location: SourceLocation(
                        file: problem.path,
                        line: problem.line,
                        column: problem.column,
                        pointer: problem.pointer
                    ),
                    message: "the schema file \(problem.path), reached by $ref from \(referrer), cannot be used: "
                        + problem.message,
                    fix: fix
                )
            )
        )
        return true
    }

    /// How schemas of this suite compile: remote references only with `defaults.allowRemoteRefs`.
    var schemaOptions: JSONSchema.Options { JSONSchema.Options(allowsRemoteReferences: allowsRemoteReferences) }

    /// Where schemas of this suite read the documents they refer to.
    var schemaLoader: JSONSchema.Loader {
        allowsRemoteReferences ? remoteDocuments.loader(recordingIn: remoteAsked) : SchemaFileLoader.loader
    }

    /// The fix for a schema that does not compile: a refused remote reference names the switch, a loop
    /// of references how to break it.
    static func compileFix(_ error: JSONSchemaError, otherwise: String) -> String {
        switch error {
        case .remoteReferenceRefused:
            "set \"allowRemoteRefs\": true in the suite's defaults, or keep a copy of the document beside the suite"
        case .referenceCycle:
            "point one of the references at a schema of its own, or refer back only inside `properties` or `items`"
        default:
            otherwise
        }
    }

    /// Reports a schema or OpenAPI file that is a folder, a pipe or a device: it exists, so "not found"
    /// would mislead, and a pipe could keep the load waiting forever.
    mutating func reportNotRegular(_ path: String, problem: String, what: String, at node: SuiteNode) {
        diagnostics.append(
            .invalid(
                SuiteDiagnostic(
                    location: location(node),
                    message: "the \(what) `\(path)` cannot be read: \(problem)",
                    fix: "save the \(what) to a regular file and name that file"
                )
            )
        )
    }

    /// A schema file's path as users see it: beside the suite's displayed path.
    static func displayPath(of url: URL, relativeTo suitePath: String, given path: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (suitePath as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}

extension SuiteDecoder {
    /// The predicates beside a `schema` in a `json` assertion; a schema alone is a whole assertion.
    mutating func decodeSchemaPredicates(_ element: SuiteNode, context: String) -> PredicateSet? {
        guard case .object(let object) = element.value else { return nil }
        if object.keys.contains(where: { Self.predicateKeys.contains($0) }) {
            return decodePredicates(element, context: context, extraKeys: ["path", "schema"])
        }
        _ = self.object(element, allowed: Self.predicateKeys + ["path", "schema"], context: context)
        return PredicateSet()
    }
}
