import JSONPath

/// A request as a suite describes it; strings are templates.
public struct RequestSpec: Sendable {
    /// The method, upper-case; `GET` by default.
    public var method: String
    /// Absolute, or relative to the suite's `baseURL`.
    public var url: String
    /// Query parameters (an object), encoded with AFNetworking's query-string rules.
    public var query: JSONValue?
    /// Headers, in order.
    public var headers: [HeaderSpec]
    /// The body, if any.
    public var body: BodySpec?
    /// Total timeout in seconds.
    public var timeout: Double?
    /// Whether redirects are followed.
    public var followRedirects: Bool?
    /// TLS policy, merged over the suite default field by field.
    public var tls: TLSSpec?
    /// The most response body bytes kept for assertions that read the whole body (`maxBodyBytes`).
    public var maxBodyBytes: Int?
    /// Basic credentials (the test's own `Authorization` header wins over them).
    public var basicAuth: BasicAuthSpec? = nil
    /// Authentication through libcurl or an OAuth 2.0 token (`auth`); wins over the suite's `auth` and
    /// `basicAuth`, and the test's own `Authorization` header wins over it.
    public var auth: AuthSpec? = nil
    /// Query layout, delay, HTTP version and redirect rules, merged over the suite's defaults.
    public var settings = RequestSettings()

    /// Creates a request spec.
    public init(
        method: String = "GET",
        url: String,
        query: JSONValue? = nil,
        headers: [HeaderSpec] = [],
        body: BodySpec? = nil,
        timeout: Double? = nil,
        followRedirects: Bool? = nil,
        tls: TLSSpec? = nil
    ) {
        self.method = method
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.tls = tls
    }
}
