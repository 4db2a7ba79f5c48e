import JSONPath

/// A request as a suite describes it; strings are templates.
///
/// The method, URL, query, headers and body are stored in the value; the settings few tests write live in
/// one shared box that a test without them does not allocate (see ``Expectations``).
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
    /// The settings few tests write, or nil when the test writes none of them.
    private var rare: RequestExtras.Box?

    /// Total timeout in seconds.
    public var timeout: Double? {
        get { rare?.value.timeout }
        set { if newValue != timeout { update { $0.timeout = newValue } } }
    }
    /// Whether redirects are followed.
    public var followRedirects: Bool? {
        get { rare?.value.followRedirects }
        set { if newValue != followRedirects { update { $0.followRedirects = newValue } } }
    }
    /// TLS policy, merged over the suite default field by field.
    public var tls: TLSSpec? {
        get { rare?.value.tls }
        set { if newValue != tls { update { $0.tls = newValue } } }
    }
    /// The most response body bytes kept for assertions that read the whole body (`maxBodyBytes`).
    public var maxBodyBytes: Int? {
        get { rare?.value.maxBodyBytes }
        set { if newValue != maxBodyBytes { update { $0.maxBodyBytes = newValue } } }
    }
    /// Basic credentials (the test's own `Authorization` header wins over them).
    public var basicAuth: BasicAuthSpec? {
        get { rare?.value.basicAuth }
        set { if newValue != basicAuth { update { $0.basicAuth = newValue } } }
    }
    /// Authentication through libcurl or an OAuth 2.0 token (`auth`); wins over the suite's `auth` and
    /// `basicAuth`, and the test's own `Authorization` header wins over it.
    public var auth: AuthSpec? {
        get { rare?.value.auth }
        set { if newValue != auth { update { $0.auth = newValue } } }
    }
    /// Query layout, delay, HTTP version and redirect rules, merged over the suite's defaults.
    public var settings: RequestSettings {
        get { rare?.value.settings ?? RequestSettings() }
        set { if newValue != settings { update { $0.settings = newValue } } }
    }

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

    /// Changes the rarely written settings (a setter calls it only for a new value); a test left with
    /// every default keeps no box. A closure, not a key path: applying a key path is a runtime call, and
    /// every decoded test writes these settings.
    private mutating func update(_ change: (inout RequestExtras) -> Void) {
        var extras = rare?.value ?? RequestExtras()
        change(&extras)
        rare = extras == RequestExtras() ? nil : RequestExtras.Box(extras)
    }
}
