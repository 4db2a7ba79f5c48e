import Foundation
import NIOHTTP1

/// Basic and bearer authentication checks.
enum AuthRoutes {
    static var routes: [Route] {
        [
            Route("/basic-auth/{user}/{password}") { request in
                let user = request.parameters["user"] ?? ""
                let password = request.parameters["password"] ?? ""
                guard let given = basicCredentials(request), given == (user, password) else {
                    return challenge("Basic realm=\"Fake Realm\"")
                }
                return .json(["authenticated": true, "user": user])
            },
            Route("/hidden-basic-auth/{user}/{password}") { request in
                let user = request.parameters["user"] ?? ""
                let password = request.parameters["password"] ?? ""
                guard let given = basicCredentials(request), given == (user, password) else {
                    return .error(.notFound, "not found")
                }
                return .json(["authenticated": true, "user": user])
            },
            Route("/bearer") { request in
                guard let token = bearerToken(request) else { return challenge("Bearer") }
                return .json(["authenticated": true, "token": token])
            },
        ]
    }

    /// The user and password of a `Basic` Authorization header.
    static func basicCredentials(_ request: RouteRequest) -> (String, String)? {
        guard let value = request.headers.first(name: "authorization"), value.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// The token of a `Bearer` Authorization header.
    static func bearerToken(_ request: RouteRequest) -> String? {
        guard let value = request.headers.first(name: "authorization"), value.lowercased().hasPrefix("bearer ") else {
            return nil
        }
        let token = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    static func challenge(_ scheme: String) -> RouteReply {
        var headers = HTTPHeaders()
        headers.add(name: "www-authenticate", value: scheme)
        return .response(.json(["authenticated": false], status: .unauthorized, headers: headers))
    }
}
