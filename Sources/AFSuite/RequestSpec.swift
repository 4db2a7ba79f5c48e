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
        get { extras.timeout }
        set { update(\.timeout, newValue) }
    }
    /// Whether redirects are followed.
    public var followRedirects: Bool? {
        get { extras.followRedirects }
        set { update(\.followRedirects, newValue) }
    }
    /// TLS policy, merged over the suite default field by field.
    public var tls: TLSSpec? {
        get { extras.tls }
        set { update(\.tls, newValue) }
    }
    /// The most response body bytes kept for assertions that read the whole body (`maxBodyBytes`).
    public var maxBodyBytes: Int? {
        get { extras.maxBodyBytes }
        set { update(\.maxBodyBytes, newValue) }
    }
    /// Basic credentials (the test's own `Authorization` header wins over them).
    public var basicAuth: BasicAuthSpec? {
        get { extras.basicAuth }
        set { update(\.basicAuth, newValue) }
    }
    /// Authentication through libcurl or an OAuth 2.0 token (`auth`); wins over the suite's `auth` and
    /// `basicAuth`, and the test's own `Authorization` header wins over it.
    public var auth: AuthSpec? {
        get { extras.auth }
        set { update(\.auth, newValue) }
    }
    /// Query layout, delay, HTTP version and redirect rules, merged over the suite's defaults.
    public var settings: RequestSettings {
        get { extras.settings }
        set { update(\.settings, newValue) }
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

    /// The rarely written settings (their defaults when the test writes none).
    private var extras: RequestExtras { rare?.value ?? RequestExtras() }

    /// Sets one rarely written setting; a default value written to a test without any allocates nothing.
    private mutating func update<Value: Equatable>(_ key: WritableKeyPath<RequestExtras, Value>, _ value: Value) {
        var extras = extras
        guard extras[keyPath: key] != value else { return }
        extras[keyPath: key] = value
        rare = extras == RequestExtras() ? nil : RequestExtras.Box(extras)
    }
}
