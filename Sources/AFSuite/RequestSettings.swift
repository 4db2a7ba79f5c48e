/// How a request is sent, beyond what it holds: query layout, a pause before it, the HTTP version and
/// redirect rules. Written in `defaults` or a test's `request`; a test's value wins field by field.
public struct RequestSettings: Sendable, Hashable {
    /// How arrays are written in `query` and `form` (`queryFormat`).
    public enum QueryFormat: String, Sendable, Hashable, CaseIterable {
        /// `a[]=1&a[]=2`: AFNetworking's layout, the default.
        case brackets
        /// `a=1&a=2`.
        case `repeat`
        /// `a=1,2`.
        case comma
    }

    /// The HTTP version asked for (`http`).
    public enum HTTPVersion: String, Sendable, Hashable, CaseIterable {
        /// HTTP/1.0.
        case http1_0 = "1.0"
        /// HTTP/1.1.
        case http1_1 = "1.1"
        /// HTTP/2 over TLS (ALPN), or an upgrade offered over `http://`.
        case http2 = "2"
        /// HTTP/2 without TLS and without an upgrade (h2c with prior knowledge).
        case http2PriorKnowledge = "2-prior-knowledge"
    }

    /// Where credentials go when a redirect leaves the host (`redirectCredentials`).
    public enum RedirectCredentials: String, Sendable, Hashable, CaseIterable {
        /// Only to the host the request started at (the default).
        case sameHost
        /// To every host of the chain (Hurl's `location-trusted`, curl's `--location-trusted`).
        case always
    }

    /// `queryFormat`.
    public var queryFormat: QueryFormat?
    /// `delayMs`: a pause before the request is sent, in milliseconds.
    public var delayMs: Int?
    /// `http`.
    public var httpVersion: HTTPVersion?
    /// `maxRedirects`: the most redirects followed (default 50).
    public var maxRedirects: Int?
    /// `redirectCredentials`.
    public var redirectCredentials: RedirectCredentials?
    /// `proxy`: a proxy URL (a template) for the request; `""` sends it directly, whatever the environment says.
    public var proxy: String?

    /// The default of `maxRedirects`, as `curl -L` and Hurl.
    public static let defaultMaxRedirects = 50

    /// Creates settings; nil fields take the suite default (or afrun's).
    public init(
        queryFormat: QueryFormat? = nil,
        delayMs: Int? = nil,
        httpVersion: HTTPVersion? = nil,
        maxRedirects: Int? = nil,
        redirectCredentials: RedirectCredentials? = nil,
        proxy: String? = nil
    ) {
        self.queryFormat = queryFormat
        self.delayMs = delayMs
        self.httpVersion = httpVersion
        self.maxRedirects = maxRedirects
        self.redirectCredentials = redirectCredentials
        self.proxy = proxy
    }

    /// These settings with every field `other` sets taking precedence.
    public func merged(with other: RequestSettings) -> RequestSettings {
        RequestSettings(
            queryFormat: other.queryFormat ?? queryFormat,
            delayMs: other.delayMs ?? delayMs,
            httpVersion: other.httpVersion ?? httpVersion,
            maxRedirects: other.maxRedirects ?? maxRedirects,
            redirectCredentials: other.redirectCredentials ?? redirectCredentials,
            proxy: other.proxy ?? proxy
        )
    }
}
