import Foundation
import JSONPath
import JSONSchema

/// One operation's documented responses, with their schemas compiled: what a response to it must show.
public struct OperationContract: Sendable {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// One documented response.
    struct Response: Sendable {
        /// Media type → body schema (nil: any body of that type).
        var content: [(mediaType: String, schema: JSONSchema?)]
        var headers: [(name: String, required: Bool, schema: JSONSchema?)]
    }

    /// `GET /users/{id}` or the operationId, for messages.
    public let name: String
    /// The document's name, which replaces its internal URI in schema locations.
    let documentName: String
    /// Responses by key: `200`, `2XX`, `default`.
    let responses: [(key: String, response: Response)]

    init(contract: OpenAPIContract, path: String, method: String, operation: JSONValue) throws(OpenAPIError) {
        documentName = contract.name
        let operationObject = contract.object(operation)
        if case .string(let id)? = operationObject?["operationId"] {
            name = id
        } else {
            name = method.uppercased() + " " + path
        }
        let base = "/paths/" + Self.escape(path) + "/" + method + "/responses"
        var responses: [(String, Response)] = []
        for (key, value) in contract.object(operationObject?["responses"]) ?? JSONObject() {
            let pointer = base + "/" + Self.escape(key)
            var response = Response(content: [], headers: [])
            let object = contract.object(value)
            for (mediaType, media) in contract.object(object?["content"]) ?? JSONObject() {
                let schema: JSONSchema? =
                    contract.object(media)?["schema"] == nil
                    ? nil : try contract.schema(at: pointer + "/content/" + Self.escape(mediaType) + "/schema")
                response.content.append((mediaType.lowercased(), schema))
            }
            for (name, header) in contract.object(object?["headers"]) ?? JSONObject() {
                let headerObject = contract.object(header)
                let required = headerObject?["required"] == .bool(true)
                let schema: JSONSchema? =
                    headerObject?["schema"] == nil
                    ? nil : try contract.schema(at: pointer + "/headers/" + Self.escape(name) + "/schema")
                response.headers.append((name, required, schema))
            }
            responses.append((key, response))
        }
        self.responses = responses
    }

    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The documented status keys, for messages.
    public var documentedStatuses: [String] { responses.map(\.key) }
}
