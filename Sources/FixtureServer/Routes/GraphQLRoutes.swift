import Foundation
import NIOHTTP1

/// `/graphql`: checks a request is the JSON envelope of GraphQL over HTTP and answers with what it read,
/// in GraphQL's response shape (`data`, or `errors` with status 400).
enum GraphQLRoutes {
    static var routes: [Route] {
        [
            Route("/graphql", methods: ["POST"]) { request in
                let contentType = request.headers.first(name: "content-type")?.lowercased() ?? ""
                guard contentType.hasPrefix("application/json") else {
                    return failure("Content-Type must be application/json, not '\(contentType)'")
                }
                guard
                    let envelope = try? JSONSerialization.jsonObject(with: Data(request.bodyBytes)) as? [String: Any]
                else { return failure("the body is not a JSON object") }
                let unknown = Set(envelope.keys).subtracting(["query", "variables", "operationName", "extensions"])
                guard unknown.isEmpty else { return failure("unknown members \(unknown.sorted())") }
                guard let query = envelope["query"] as? String, !query.isEmpty else {
                    return failure("`query` must be a non-empty string")
                }
                let variables = envelope["variables"] ?? NSNull()
                guard variables is NSNull || variables is [String: Any] else {
                    return failure("`variables` must be an object")
                }
                let operationName = envelope["operationName"] ?? NSNull()
                guard operationName is NSNull || operationName is String else {
                    return failure("`operationName` must be a string")
                }
                return .json(["data": ["query": query, "variables": variables, "operationName": operationName]])
            }
        ]
    }

    private static func failure(_ message: String) -> RouteReply {
        .response(.json(["errors": [["message": message]]], status: .badRequest))
    }
}
