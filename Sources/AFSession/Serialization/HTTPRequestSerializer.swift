import Foundation

/// AFNetworking's default request serializer (`AFHTTPRequestSerializer`): parameters as a query
/// string for the methods in ``methodsEncodingParametersInURI`` (GET, HEAD, DELETE), and as an
/// `application/x-www-form-urlencoded` body for the others.
///
/// A value: copy it, change a property, use the copy for one request or hand it to a session
/// manager. The same properties apply to every request it builds.
public struct HTTPRequestSerializer: RequestSerializing {
    /// Builds the query string itself instead of AF's rules; a thrown error becomes
    /// `SessionError.requestSerialization(.queryStringSerializationFailed)`.
    public typealias QueryStringSerialization = @Sendable (HTTPRequest, ParameterValue) throws -> String

    /// Headers added to every request unless the request sets the same field
    /// (AF's `HTTPRequestHeaders`): `Accept-Language` and `User-Agent` by default.
    public var defaultHeaders: HTTPHeaders
    /// Methods whose parameters go into the URL; GET, HEAD and DELETE by default.
    public var methodsEncodingParametersInURI: Set<HTTPMethod>
    /// The encoding of form bodies and multipart headers and text; UTF-8 by default.
    public var stringEncoding: String.Encoding = .utf8
    /// The total time allowed for each request; nil keeps the session's timeout.
    public var timeoutInterval: Duration?
    /// The cache policy; see ``RequestCachePolicy`` for what reaches libcurl.
    public var cachePolicy: RequestCachePolicy = .useProtocolCachePolicy
    /// Whether the session's cookie store is used for these requests (AF's `HTTPShouldHandleCookies`),
    /// copied to each request's `handlesCookies`.
    public var httpShouldHandleCookies = true
    /// AF's `HTTPShouldUsePipelining`. libcurl removed HTTP/1.1 pipelining in 7.62; what it keeps
    /// is HTTP/2 multiplexing, a session-wide setting of the multi handle. So this flag has no
    /// per-request effect and is kept for API parity.
    public var httpShouldUsePipelining = false
    /// A closure that replaces AF's query string rules, or nil to use them.
    public var queryStringSerialization: QueryStringSerialization?

    /// Creates a serializer with AF's defaults: GET, HEAD and DELETE in the URI, UTF-8, and the
    /// default `Accept-Language` and `User-Agent` headers.
    public init() {
        defaultHeaders = [
            "Accept-Language": Self.acceptLanguage(for: Locale.preferredLanguages),
            "User-Agent": Self.defaultUserAgent,
        ]
        methodsEncodingParametersInURI = [.get, .head, .delete]
    }

    /// Builds the request: default headers under `headers`, the request properties, then the
    /// parameters as AF encodes them.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL; an existing query is kept and parameters are appended with `&`.
    ///   - parameters: The parameters, or nil.
    ///   - headers: Headers for this request; they win over ``defaultHeaders``.
    /// - Returns: The request.
    /// - Throws: `.requestSerialization` when the parameters cannot be encoded, `.invalidURL`
    ///   when the URL with the query is not a URL.
    public func request(
        method: HTTPMethod,
        url: URL,
        parameters: ParameterValue?,
        headers: HTTPHeaders
    ) throws(SessionError) -> HTTPRequest {
        try serializing(preparedRequest(method: method, url: url, headers: headers), parameters: parameters)
    }

    /// A request with this serializer's headers and properties applied and no parameters
    /// (AF's `requestWithMethod:` before serializing).
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL.
    ///   - headers: Headers for this request; they win over ``defaultHeaders`` and the cache headers.
    /// - Returns: The request.
    public func preparedRequest(method: HTTPMethod, url: URL, headers: HTTPHeaders) -> HTTPRequest {
        let merged = defaultHeaders.merging(cachePolicy.headers).merging(headers)
        var request = HTTPRequest(url: url, method: method, headers: merged, timeout: timeoutInterval)
        request.handlesCookies = httpShouldHandleCookies
        return request
    }

    /// Encodes `parameters` into `request` as AF's `requestBySerializingRequest:withParameters:`
    /// does: into the URL for ``methodsEncodingParametersInURI``, otherwise as a form body (an
    /// empty one when there are no parameters) with `application/x-www-form-urlencoded` unless
    /// the request has a Content-Type.
    /// - Parameters:
    ///   - request: The request to extend.
    ///   - parameters: The parameters, or nil.
    /// - Returns: The request with the query or the body.
    /// - Throws: `.requestSerialization` or `.invalidURL`.
    public func serializing(_ request: HTTPRequest, parameters: ParameterValue?) throws(SessionError) -> HTTPRequest {
        var request = request
        let query = try queryString(for: request, parameters: parameters)
        if methodsEncodingParametersInURI.contains(request.method) {
            if let query, !query.isEmpty {
                request.url = try Self.url(request.url, appendingQuery: query)
            }
        } else {
            if !request.headers.contains(name: "Content-Type") {
                request.headers["Content-Type"] = "application/x-www-form-urlencoded"
            }
            request.body = .data(try encode(query ?? ""))
        }
        return request
    }

    /// The query string for `parameters`: the custom closure's, or AF's rules; nil without parameters.
    func queryString(for request: HTTPRequest, parameters: ParameterValue?) throws(SessionError) -> String? {
        guard let parameters else { return nil }
        guard let custom = queryStringSerialization else { return QueryString.string(from: parameters) }
        do {
            return try custom(request, parameters)
        } catch {
            throw .requestSerialization(.queryStringSerializationFailed(String(describing: error)))
        }
    }

    /// `text` in ``stringEncoding``.
    func encode(_ text: String) throws(SessionError) -> Data {
        guard let data = text.data(using: stringEncoding) else {
            throw .requestSerialization(.unencodableString(text, encoding: stringEncoding))
        }
        return data
    }

    /// `url` with `query` appended after `?`, or after `&` when it already has a query; a
    /// fragment stays at the end.
    static func url(_ url: URL, appendingQuery query: String) throws(SessionError) -> URL {
        let absolute = url.absoluteString
        let hashIndex = absolute.firstIndex(of: "#")
        let head = hashIndex.map { String(absolute[..<$0]) } ?? absolute
        let fragment = hashIndex.map { String(absolute[$0...]) } ?? ""
        let joined = head + (head.contains("?") ? "&" : "?") + query + fragment
        guard let result = URL(string: joined) else { throw .invalidURL(joined) }
        return result
    }
}
