import NIOHTTP1

/// Redirect chains, relative and absolute, `/redirect-to`, and `/redirect-chain/{codes}` (one hop per
/// status in the comma-separated list, in order, then `/get`).
enum RedirectRoutes {
    static var routes: [Route] {
        [
            Route("/redirect/{n}", methods: nil) { request in
                let absolute = request.queryValue("absolute") == "true"
                return chain(request, next: absolute ? "absolute-redirect" : "relative-redirect", absolute: absolute)
            },
            Route("/relative-redirect/{n}", methods: nil) { chain($0, next: "relative-redirect", absolute: false) },
            Route("/absolute-redirect/{n}", methods: nil) { chain($0, next: "absolute-redirect", absolute: true) },
            Route("/redirect-chain/{codes}", methods: nil) { request in
                let codes = (request.parameters["codes"] ?? "").split(separator: ",").map { Int($0) }
                guard let first = codes.first, let code = first,
                    codes.allSatisfy({ $0.map { (300...399).contains($0) } == true })
                else { return .error(.badRequest, "codes must be a comma-separated list of 3xx statuses") }
                let rest = codes.dropFirst().compactMap { $0.map(String.init) }.joined(separator: ",")
                return redirect(
                    to: rest.isEmpty ? "/get" : "/redirect-chain/\(rest)",
                    status: HTTPResponseStatus(statusCode: code)
                )
            },
            Route("/redirect-to", methods: nil) { request in
                guard let target = request.queryValue("url") else { return .error(.badRequest, "missing ?url=") }
                let code = request.queryValue("status_code").flatMap(Int.init) ?? 302
                guard (300...399).contains(code) else { return .error(.badRequest, "status_code must be 3xx") }
                return redirect(to: target, status: HTTPResponseStatus(statusCode: code))
            },
        ]
    }

    /// One hop: `n > 1` points at `next/{n-1}`, `n == 1` at `/get`.
    private static func chain(_ request: RouteRequest, next: String, absolute: Bool) -> RouteReply {
        guard let count = request.intParameter("n"), count >= 1 else { return .error(.badRequest, "n must be >= 1") }
        let path = count == 1 ? "/get" : "/\(next)/\(count - 1)"
        return redirect(to: absolute ? "\(request.scheme)://\(request.host)\(path)" : path, status: .found)
    }

    static func redirect(to location: String, status: HTTPResponseStatus) -> RouteReply {
        var headers = HTTPHeaders()
        headers.add(name: "location", value: location)
        return .response(.empty(status, headers: headers))
    }
}
