import Foundation

/// httpbin's echo routes: the request comes back as JSON.
enum EchoRoutes {
    static var routes: [Route] {
        let echo: @Sendable (RouteRequest) -> RouteReply = { .json($0.echoObject) }
        return [
            Route("/get", echo),
            Route("/post", methods: ["POST"], echo),
            Route("/put", methods: ["PUT"], echo),
            Route("/patch", methods: ["PATCH"], echo),
            Route("/delete", methods: ["DELETE"], echo),
            Route("/anything/*", methods: nil, echo),
            Route("/headers") { .json(["headers": $0.headersObject]) },
            Route("/ip") { .json(["origin": $0.remoteAddress]) },
            Route("/user-agent") { .json(["user-agent": $0.headers.first(name: "user-agent") ?? ""]) },
            Route("/uuid") { _ in .json(["uuid": UUID().uuidString.lowercased()]) },
        ]
    }
}
