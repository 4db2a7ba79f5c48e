import Foundation
import NIOHTTP1

/// Conditional requests and caching headers: `/etag/{etag}`, `/cache`, `/cache/{seconds}`, `/response-headers`.
enum CachingRoutes {
    static let lastModified = "Mon, 01 Jan 2024 00:00:00 GMT"

    static var routes: [Route] {
        [
            Route("/etag/{etag}") { request in
                let etag = request.parameters["etag"] ?? ""
                let quoted = "\"\(etag)\""
                var headers = HTTPHeaders()
                headers.add(name: "etag", value: quoted)
                if let ifNoneMatch = request.headers.first(name: "if-none-match"), matches(ifNoneMatch, etag) {
                    return .response(.empty(.notModified, headers: headers))
                }
                if let ifMatch = request.headers.first(name: "if-match"), !matches(ifMatch, etag) {
                    return .response(.empty(.preconditionFailed, headers: headers))
                }
                return .json(request.echoObject, headers: headers)
            },
            Route("/cache") { request in
                if request.headers.contains(name: "if-modified-since")
                    || request.headers.contains(name: "if-none-match")
                {
                    return .response(.empty(.notModified))
                }
                var headers = HTTPHeaders()
                headers.add(name: "last-modified", value: lastModified)
                headers.add(name: "etag", value: "\"afrun-cache\"")
                return .json(request.echoObject, headers: headers)
            },
            Route("/cache/{seconds}") { request in
                guard let seconds = request.intParameter("seconds"), seconds >= 0 else {
                    return .error(.badRequest, "seconds must be a non-negative number")
                }
                var headers = HTTPHeaders()
                headers.add(name: "cache-control", value: "public, max-age=\(seconds)")
                return .json(request.echoObject, headers: headers)
            },
            Route("/response-headers", methods: ["GET", "POST"]) { request in
                var headers = HTTPHeaders()
                for (name, value) in request.query { headers.add(name: name, value: value) }
                var object = QueryString.jsonObject(request.query)
                object["Content-Type"] = "application/json"
                return .json(object, headers: headers)
            },
        ]
    }

    /// Whether an If-None-Match / If-Match list names `etag` (or is `*`).
    private static func matches(_ list: String, _ etag: String) -> Bool {
        list.split(separator: ",").contains { item in
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == "\"\(etag)\"" || trimmed == "W/\"\(etag)\"" || trimmed == etag
        }
    }
}
