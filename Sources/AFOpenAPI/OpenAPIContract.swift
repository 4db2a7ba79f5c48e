import Foundation
import JSONPath
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// An OpenAPI 3.0 or 3.1 document (JSON or YAML), read with OpenAPIKit, as the contract responses are
/// checked against. A 3.0 document is converted to 3.1 by OpenAPIKitCompat (so `nullable` becomes a
/// `null` type), then every schema is checked by the `JSONSchema` validator.
public struct OpenAPIContract: Sendable {
    /// The 3.1 document as JSON: what schema references (`#/components/schemas/User`) resolve in.
    let document: JSONValue
    /// Every operation's `operationId`, in document order.
    public let operationIds: [String]
    /// The document's identifier for schema references.
    static let documentURI = "urn:afrun:openapi"

    /// The document's name in messages (`openapi.yaml`).
    public let name: String

    /// Reads a document.
    /// - Parameters:
    ///   - data: the document's bytes, JSON or YAML.
    ///   - name: the document's name in messages (schema locations read `openapi.yaml#/components/…`).
    /// - Throws: ``OpenAPIError/unreadable(reason:)`` when it is not an OpenAPI 3.0 or 3.1 document.
    public init(data: Data, name: String = "openapi") throws(OpenAPIError) {
        self.name = name
        let text = String(decoding: data, as: UTF8.self)
        try Self.refuseHostileStructure(text)
        let document: OpenAPIKit.OpenAPI.Document
        do {
            let version = try Self.version(of: text)
            if version.hasPrefix("3.0") {
                document = try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: text).convert(to: .v3_1_1)
            } else if version.hasPrefix("3.1") {
                document = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: text)
            } else {
                throw OpenAPIError.unreadable(reason: "openapi \(version) is not 3.0 or 3.1")
            }
        } catch let error as OpenAPIError {
            throw error
        } catch {
            throw Self.yamlSyntaxError(error) ?? .unreadable(reason: Self.describe(error))
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            self.document = try JSONValue(parsing: try encoder.encode(document))
        } catch {
            throw .unreadable(reason: "\(error)")
        }
        operationIds = document.allOperationIds
    }

    /// The document's `openapi` version, or why the text is not an OpenAPI document at all: a Swagger 2.0
    /// document, a file that is not a mapping (an HTML error page saved in its place), no `openapi` field.
    static func version(of text: String) throws -> String {
        struct VersionProbe: Decodable {
            let openapi: String?
            let swagger: String?
        }
        let probe: VersionProbe
        do {
            probe = try YAMLDecoder().decode(VersionProbe.self, from: text)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw OpenAPIError.notAMapping(start: String(text.prefix { $0 != "\n" }.prefix(40)))
        }
        if let version = probe.openapi { return version }
        if let swagger = probe.swagger { throw OpenAPIError.swagger(version: swagger) }
        throw OpenAPIError.unreadable(reason: "it has no top-level `openapi` field")
    }

    /// Where and why the text is not YAML, from Yams's error (itself or under the decoder's `dataCorrupted`):
    /// libyaml's problem and the construct it was reading (`did not find expected node content, while parsing a
    /// flow node`).
    static func yamlSyntaxError(_ error: any Error) -> OpenAPIError? {
        var underlying: (any Error)? = error
        if case .dataCorrupted(let context)? = error as? DecodingError { underlying = context.underlyingError }
        guard let yaml = underlying as? YamlError else { return nil }
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let reason = problem + (context.map { ", " + $0.text } ?? "")
            return .invalidYAML(line: mark.line, column: mark.column, reason: reason)
        default: return nil
        }
    }

    /// A readable reason from a decoding error (OpenAPIKit's errors describe the place in the document).
    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
            @unknown default: break
            }
        }
        return String(describing: error)
    }

    /// The operation with this `operationId`, or nil.
    public func operation(id: String) throws(OpenAPIError) -> OperationContract? {
        guard case .object(let paths)? = object(document)?["paths"] else { return nil }
        for (path, item) in paths {
            guard case .object(let methods) = item else { continue }
            for (method, operation) in methods where OperationContract.methods.contains(method) {
                if case .string(id)? = object(operation)?["operationId"] {
                    return try OperationContract(contract: self, path: path, method: method, operation: operation)
                }
            }
        }
        return nil
    }

    /// The operation at a documented path (`/users/{id}`) and method, or nil.
    public func operation(path: String, method: String) throws(OpenAPIError) -> OperationContract? {
        let method = method.lowercased()
        guard case .object(let paths)? = object(document)?["paths"], let operation = object(paths[path])?[method] else {
            return nil
        }
        return try OperationContract(contract: self, path: path, method: method, operation: operation)
    }

    /// The documented paths, for a did-you-mean.
    public var paths: [String] {
        guard case .object(let paths)? = object(document)?["paths"] else { return [] }
        return paths.keys
    }

    /// Compiles the schema at a JSON Pointer of the document (its references resolve in the document).
    func schema(at pointer: String) throws(OpenAPIError) -> ResponseSchema {
        let document = self.document
        let reference = JSONValue.object(JSONObject([("$ref", .string(Self.documentURI + "#" + pointer))]))
        do {
            return try ResponseSchema(
                compiling: reference,
                baseURI: "urn:afrun:openapi-schema",
                loader: { uri in uri == Self.documentURI ? document : nil }
            )
        } catch {
            // The document's internal URI means nothing to its author: name the file, as violations do.
            let reason = "\(error)".replacing(Self.documentURI + "#", with: name + "#")
            throw .invalidSchema(pointer: pointer, reason: reason)
        }
    }

    func object(_ value: JSONValue?) -> JSONObject? {
        if case .object(let object)? = value { return object }
        return nil
    }
}

/// Why an OpenAPI document cannot be used.
public enum OpenAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JSON or YAML, or not a valid OpenAPI 3.0/3.1 document.
    case unreadable(reason: String)
    /// Not YAML (nor JSON): libyaml stopped at `line` and `column` (1-based), for `reason`.
    case invalidYAML(line: Int, column: Int, reason: String)
    /// A schema in the document that does not compile (an unresolvable `$ref`, a bad pattern).
    case invalidSchema(pointer: String, reason: String)
    /// A Swagger (OpenAPI 2) document, with its `swagger` version.
    case swagger(version: String)
    /// JSON or YAML that is not a mapping, such as an HTML page: `start` is its first line.
    case notAMapping(start: String)

    public var description: String {
        switch self {
        case .unreadable(let reason): "not a usable OpenAPI 3.0/3.1 document: \(reason)"
        case .swagger(let version): "a Swagger \(version) document; afrun reads OpenAPI 3.0 and 3.1"
        case .notAMapping(let start): "not an OpenAPI document: it does not hold fields but starts with `\(start)`"
        case .invalidYAML(let line, let column, let reason):
            "not a usable OpenAPI document: not valid YAML at line \(line), column \(column): \(reason)"
        case .invalidSchema(let pointer, let reason): "the schema at \(pointer) cannot be used: \(reason)"
        }
    }

    /// What to do about it, for the suite's diagnostic.
    public var fix: String {
        switch self {
        case .unreadable: "check the document against the OpenAPI 3.0 or 3.1 specification"
        case .invalidYAML: "fix the YAML there (indentation, an unclosed `[`, `{` or quote)"
        case .invalidSchema(let pointer, _): "fix the schema at \(pointer)"
        case .swagger:
            "convert it to OpenAPI 3 (for example `npx swagger2openapi swagger.json -o openapi.yaml`) and name the result"
        case .notAMapping: "name the API's OpenAPI document (JSON or YAML), not a page or a list"
        }
    }
}
