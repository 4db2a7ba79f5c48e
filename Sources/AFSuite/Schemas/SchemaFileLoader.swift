import Foundation
import JSONPath
import JSONSchema

/// Reads the files a JSON Schema refers to (`$ref: "common.json#/$defs/id"`): the I/O side of the
/// pure `JSONSchema` module. Only `file:` URIs are read; remote documents come from `RemoteDocuments`.
public enum SchemaFileLoader {
    /// Why a schema file could not be used.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The file's path.
        public var path: String
        /// What went wrong, with line and column for a JSON syntax error.
        public var reason: String
        /// Line and column of a JSON syntax error.
        public var line: Int?
        public var column: Int?
        public var description: String { "\(path): \(reason)" }
    }

    /// The loader to pass to `JSONSchema(compiling:baseURI:options:loader:)`.
    public static let loader: JSONSchema.Loader = { uri in
        guard uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
        return try read(url.path)
    }

    /// The `file:` URI of a path, the base URI of the schema read from it.
    public static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }

    /// Reads and parses one JSON document.
    public static func read(_ path: String) throws(Failure) -> JSONValue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw Failure(path: path, reason: "it is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            // A pipe or a device is not opened (it could wait forever for a writer): schemas are files.
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            if let type, type != .typeRegular {
                throw Failure(
                    path: path,
                    reason: "it is not a regular file (a pipe or a device); save the schema to a file"
                )
            }
            throw Failure(path: path, reason: "permission denied or unreadable")
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw Failure(
                path: path,
                reason: "invalid JSON: \(error.message)",
                line: error.line,
                column: error.column
            )
        }
    }

    /// Reads and compiles the schema in a file: parse errors, metaschema violations and
    /// unresolvable references all come back as one message each.
    /// - Returns: the compiled schema, or the problems (each `path:line:column: message` when it has a place).
    public static func compile(
        path: String,
        options: JSONSchema.Options = .init(),
        loader: @escaping JSONSchema.Loader = loader
    ) -> Result<JSONSchema, SchemaProblems> {
        let json: JSONValue
        do {
            json = try read(path)
        } catch {
            let place = error.line.map { "\(path):\($0):\(error.column ?? 1)" } ?? path
            return .failure(SchemaProblems(messages: ["\(place): \(error.reason)"]))
        }
        return compile(json, path: path, options: options, loader: loader)
    }

    /// Compiles a schema read from `path` (or written inline in a file at `path`).
    public static func compile(
        _ json: JSONValue,
        path: String,
        options: JSONSchema.Options = .init(),
        loader: @escaping JSONSchema.Loader = loader
    ) -> Result<JSONSchema, SchemaProblems> {
        let violations = JSONSchema.metaschemaViolations(of: json)
        if !violations.isEmpty {
            return .failure(
                SchemaProblems(messages: violations.map { "\(path): not a valid JSON Schema: \($0)" })
            )
        }
        do {
            return .success(
                try JSONSchema(compiling: json, baseURI: uri(ofPath: path), options: options, loader: loader)
            )
        } catch {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            if let problem = referencedProblem(of: error, referrer: path, referrerPath: absolute) {
                let place = "\(problem.path):\(problem.line):\(problem.column)"
                return .failure(
                    SchemaProblems(messages: ["\(place): \(problem.message) (reached by $ref from \(path))"])
                )
            }
            return .failure(SchemaProblems(messages: ["\(path): \(error)"]))
        }
    }

    /// A schema that cannot be used, and why.
    public struct SchemaProblems: Error, Sendable {
        /// One message per problem.
        public var messages: [String]
    }
}
