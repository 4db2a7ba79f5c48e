/// The routing table: every route group's rows, indexed by their first path segment.
struct Router: Sendable {
    /// The outcome of a lookup.
    enum Match {
        case found(Route, [String: String])
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private let byFirstSegment: [String: [Route]]

    /// The table of every route group.
    static let standard = Router(
        routes: EchoRoutes.routes + StatusRoutes.routes + FormatRoutes.routes + StreamingRoutes.routes
            + RedirectRoutes.routes + AuthRoutes.routes + CookieRoutes.routes + CachingRoutes.routes
            + ImageRoutes.routes + UploadRoutes.routes + UserRoutes.routes + FaultRoutes.routes + ContractRoutes.routes
            + AssertionRoutes.routes + GraphQLRoutes.routes + DigestAuthRoutes.routes + SignedAuthRoutes.routes
            + OAuth2Routes.routes
    )

    init(routes: [Route]) {
        var index: [String: [Route]] = [:]
        for route in routes { index[route.pattern.firstLiteral ?? "", default: []].append(route) }
        byFirstSegment = index
    }

    /// The route for a method and path.
    func match(method: String, path: String) -> Match {
        let segments = path.split(separator: "/")
        let candidates = byFirstSegment[segments.first.map(String.init) ?? ""] ?? []
        var allowed: [String] = []
        for route in candidates {
            guard let parameters = route.pattern.match(segments) else { continue }
            if let methods = route.methods, !methods.contains(method) {
                allowed.append(contentsOf: methods)
                continue
            }
            return .found(route, parameters)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed.sorted())
    }
}
