import NIOHTTP1

/// Cookie echo, set and delete (set and delete redirect to `/cookies`, as httpbin does), and
/// `/cookies/attributes`: cookies with every attribute, for assertions on them.
enum CookieRoutes {
    static var routes: [Route] {
        [
            Route("/cookies") { .json(["cookies": cookies($0)]) },
            Route("/cookies/set") { request in
                var headers = HTTPHeaders()
                for (name, value) in request.query {
                    headers.add(name: "set-cookie", value: "\(name)=\(value); Path=/")
                }
                headers.add(name: "location", value: "/cookies")
                return .response(.empty(.found, headers: headers))
            },
            Route("/cookies/set/{name}/{value}") { request in
                var headers = HTTPHeaders()
                let name = request.parameters["name"] ?? ""
                let value = request.parameters["value"] ?? ""
                headers.add(name: "set-cookie", value: "\(name)=\(value); Path=/")
                headers.add(name: "location", value: "/cookies")
                return .response(.empty(.found, headers: headers))
            },
            Route("/cookies/attributes") { _ in
                var headers = HTTPHeaders()
                for field in attributeCookies { headers.add(name: "set-cookie", value: field) }
                return .json(["cookies": attributeCookies.count], headers: headers)
            },
            Route("/cookies/delete") { request in
                var headers = HTTPHeaders()
                for (name, _) in request.query {
                    headers.add(
                        name: "set-cookie",
                        value: "\(name)=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/"
                    )
                }
                headers.add(name: "location", value: "/cookies")
                return .response(.empty(.found, headers: headers))
            },
        ]
    }

    /// `sid` with every attribute (its domain is not the server's, so a client's store drops it), `theme`
    /// with none, and `legacy` with a Netscape-style date and `SameSite` in lower case.
    static let attributeCookies = [
        "sid=abc123; Path=/account; Domain=example.test; Secure; HttpOnly; SameSite=Lax;"
            + " Expires=Wed, 21 Oct 2099 07:28:00 GMT; Max-Age=3600",
        "theme=dark",
        "legacy=\"quoted\"; expires=Thu, 01-Jan-2099 00:00:00 GMT; samesite=strict; max-age=0",
    ]

    /// The cookies of the request's Cookie headers.
    static func cookies(_ request: RouteRequest) -> [String: String] {
        var cookies: [String: String] = [:]
        for header in request.headers["cookie"] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                cookies[String(trimmed[..<equals])] = String(trimmed[trimmed.index(after: equals)...])
            }
        }
        return cookies
    }
}
