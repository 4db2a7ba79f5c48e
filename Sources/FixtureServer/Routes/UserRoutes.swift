import Foundation
import NIOHTTP1

/// A tiny JSON API for the example suites: `/users/{id}`, a CRUD at `/api/users`, and a login that
/// issues a bearer token for `/api/me`.
enum UserRoutes {
    static var routes: [Route] {
        [
            Route("/users/{id}") { request in
                guard let id = request.intParameter("id"), id > 0 else {
                    return .error(.badRequest, "id must be a positive number")
                }
                return .json(["id": id, "name": "User \(id)", "email": "user\(id)@example.test", "active": true])
            },
            Route("/api/users") { request in
                let users = request.state.users.all().compactMap { try? JSONSerialization.jsonObject(with: $0) }
                return .json(["users": users, "count": users.count])
            },
            Route("/api/users", methods: ["POST"]) { request in
                guard let fields = jsonFields(request) else { return .error(.badRequest, "body must be a JSON object") }
                guard let name = fields["name"] as? String, !name.isEmpty else {
                    return .error(.unprocessableEntity, "name is required")
                }
                let stored = request.state.users.create(fields)
                let id = (try? JSONSerialization.jsonObject(with: stored) as? [String: Any])?["id"] as? Int ?? 0
                var headers = HTTPHeaders()
                headers.add(name: "location", value: "/api/users/\(id)")
                return .response(
                    .bytes(Array(stored), contentType: "application/json", status: .created, headers: headers)
                )
            },
            Route("/api/users/{id}") { request in
                guard let id = request.intParameter("id"), let user = request.state.users.user(id) else {
                    return notFound(request)
                }
                return .response(.bytes(Array(user), contentType: "application/json"))
            },
            Route("/api/users/{id}", methods: ["PUT", "PATCH"]) { request in
                guard let fields = jsonFields(request) else { return .error(.badRequest, "body must be a JSON object") }
                guard let id = request.intParameter("id"),
                    let user = request.state.users.update(id, with: fields, merge: request.method == "PATCH")
                else { return notFound(request) }
                return .response(.bytes(Array(user), contentType: "application/json"))
            },
            Route("/api/users/{id}", methods: ["DELETE"]) { request in
                guard let id = request.intParameter("id"), request.state.users.delete(id) else {
                    return notFound(request)
                }
                return .response(.empty(.noContent))
            },
            Route("/api/login", methods: ["POST"]) { request in
                guard let fields = jsonFields(request), let user = fields["username"] as? String,
                    fields["password"] as? String == "secret"
                else { return .error(.unauthorized, "username and password \"secret\" required") }
                return .json(["token": "token-\(user)", "username": user, "expiresIn": 3600])
            },
            Route("/api/me") { request in
                guard let token = AuthRoutes.bearerToken(request), token.hasPrefix("token-") else {
                    return AuthRoutes.challenge("Bearer")
                }
                return .json(["username": String(token.dropFirst("token-".count))])
            },
        ]
    }

    private static func jsonFields(_ request: RouteRequest) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(request.body.readableBytesView))) as? [String: Any]
    }

    private static func notFound(_ request: RouteRequest) -> RouteReply {
        .error(.notFound, "user \(request.parameters["id"] ?? "?") not found")
    }
}
