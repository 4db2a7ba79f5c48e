import Foundation

/// The HTTP protocol version a response arrived over.
public enum HTTPVersion: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// HTTP/1.0
    case http1_0 = "HTTP/1.0"
    /// HTTP/1.1
    case http1_1 = "HTTP/1.1"
    /// HTTP/2
    case http2 = "HTTP/2"
    /// HTTP/3
    case http3 = "HTTP/3"
    /// Not known (no response was read).
    case unknown = "unknown"

    /// The version as written on a status line, e.g. `HTTP/1.1`.
    public var description: String { rawValue }
}

/// The head of an HTTP response: status, headers, the URL it came from.
public struct HTTPResponse: Sendable, Hashable {
    /// The URL of the final response, after any redirects that were followed.
    public var url: URL
    /// The status code, e.g. 200.
    public var statusCode: Int
    /// The reason phrase from the status line, if the server sent one (empty for HTTP/2).
    public var reasonPhrase: String
    /// The response headers of the final response.
    public var headers: HTTPHeaders
    /// The protocol version.
    public var httpVersion: HTTPVersion
    /// The redirects followed to reach this response, in order (empty when none was).
    public var redirects: [RedirectHop] = []
    /// For a request with ``HTTPRequest/authentication``, the names of the headers of the last request
    /// libcurl sent (the one this response answers), as libcurl reported them, the headers libcurl adds
    /// itself (`Authorization`, `Host`) included; nil for other requests. Names only: the values, the
    /// credentials among them, are never kept.
    public var sentHeaderNames: [String]?

    /// Creates a response head.
    public init(url: URL, statusCode: Int, reasonPhrase: String = "", headers: HTTPHeaders, httpVersion: HTTPVersion) {
        self.url = url
        self.statusCode = statusCode
        self.reasonPhrase = reasonPhrase
        self.headers = headers
        self.httpVersion = httpVersion
    }

    /// The media type of `Content-Type` without parameters, lower-cased (`application/json`), or nil.
    public var mimeType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first ?? Substring(value)
        let trimmed = type.trimmingHorizontalWhitespace().lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The `charset` parameter of `Content-Type`, lower-cased, or nil.
    public var textEncodingName: String? {
        guard let value = headers["Content-Type"] else { return nil }
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingHorizontalWhitespace().lowercased() == "charset" {
                return pair[1].trimmingHorizontalWhitespace().trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    .lowercased()
            }
        }
        return nil
    }

    /// The `Content-Length` the server declared, if any.
    public var expectedContentLength: Int64? { headers["Content-Length"].flatMap { Int64($0) } }
}
