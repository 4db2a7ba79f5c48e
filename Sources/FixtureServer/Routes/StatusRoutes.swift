import NIOHTTP1

/// `/status/{code}`: any status, with the headers that status implies.
enum StatusRoutes {
    static var routes: [Route] {
        [
            Route("/status/{code}", methods: nil) { request in
                guard let code = request.intParameter("code"), (100...999).contains(code) else {
                    return .error(.badRequest, "status code must be a number from 100 to 999")
                }
                var headers = HTTPHeaders()
                switch code {
                case 301, 302, 303, 305, 307, 308: headers.add(name: "location", value: "/redirect/1")
                case 401: headers.add(name: "www-authenticate", value: #"Basic realm="Fake Realm""#)
                case 407: headers.add(name: "proxy-authenticate", value: #"Basic realm="Fake Realm""#)
                case 429, 503: headers.add(name: "retry-after", value: "1")
                default: break
                }
                // 1xx are interim responses; answering with one would leave the exchange open.
                if code < 200 { return .error(.badRequest, "interim status \(code) cannot be a final response") }
                return .response(.empty(HTTPResponseStatus(statusCode: code), headers: headers))
            }
        ]
    }
}
