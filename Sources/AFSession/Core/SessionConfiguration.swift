import Foundation

/// How a session sends requests: timeouts, redirects, protocol, connections, trust.
/// A value: copy it, change it, hand it to a new `SessionManager`.
public struct SessionConfiguration: Sendable {
    /// Time allowed to establish a connection (TCP and TLS).
    public var connectTimeout: Duration = .seconds(30)
    /// Time allowed for a whole transfer; nil for no limit. A request's own `timeout` overrides it.
    public var timeout: Duration? = .seconds(60)
    /// Whether and how far redirects are followed.
    public var redirectPolicy: RedirectPolicy = .follow(max: 10)
    /// Which HTTP version to ask for.
    public var httpVersion: HTTPVersionPreference = .http2OverTLS
    /// A proxy URL (`http://host:port`, `socks5://…`), or nil for none (or, with
    /// ``usesEnvironmentProxies``, the environment's). An empty string is no proxy in either case.
    public var proxy: String? = nil
    /// Whether, when no proxy is set, libcurl takes one from the environment as the `curl` tool does:
    /// `http_proxy` (lower case only), `https_proxy` / `HTTPS_PROXY`, `all_proxy` / `ALL_PROXY`, with the hosts
    /// of `no_proxy` / `NO_PROXY` sent directly. Off by default: the configuration alone decides.
    public var usesEnvironmentProxies = false
    /// Hosts sent directly, never through a proxy (`CURLOPT_NOPROXY`: comma-separated names, domains that
    /// match their subdomains too, IP addresses, `*` for every host); replaces `no_proxy`. nil: `no_proxy`.
    public var noProxy: String? = nil
    /// Fixed addresses for hosts and ports (curl's `--resolve`): those requests skip DNS, and keep their
    /// host for everything else (the `Host` header, TLS's server name and certificate check, cookies).
    public var resolve: [ResolveRule] = []
    /// Other hosts and ports to connect to for hosts and ports (curl's `--connect-to`), with the same
    /// guarantee. A rule here applies before `resolve` looks the host it names up.
    public var connectTo: [ConnectToRule] = []
    /// Which addresses of a host name are used (curl's `--ipv4`, `--ipv6`). It applies to a `resolve` rule's
    /// addresses too: libcurl drops those of the other version, so a rule with none left fails to resolve.
    public var addressFamily: AddressFamily = .any
    /// Headers sent with every request (a request's own headers win).
    public var defaultHeaders: HTTPHeaders = [:]
    /// Whether the session keeps an in-memory cookie store shared by its transfers.
    public var cookiesEnabled: Bool = true
    /// Whether gzip, deflate and brotli responses are decoded (and advertised in `Accept-Encoding`).
    public var automaticDecompression: Bool = true
    /// The most connections open at once across all hosts.
    public var maxConnections: Int = 64
    /// The most connections open at once to one host; nil for no limit beyond `maxConnections`.
    public var maxConnectionsPerHost: Int? = nil
    /// How the server's certificate is evaluated.
    public var securityPolicy: SecurityPolicy = .default
    /// How many transfer threads the session runs, each with its own libcurl multi handle and its share of
    /// the connection limits.
    ///
    /// One thread drives every transfer by default, as one multi handle does for the `curl` tool. When that
    /// thread is the busiest of a large parallel run, a second one halves its work; a new task goes to the
    /// least busy thread (the first on a tie, so a caller sending one request at a time keeps one thread and
    /// its warm connections). Connections are not shared between threads. `afrun` uses two on a machine with
    /// more than one core.
    public var transferThreads: Int = 1

    /// Creates the default configuration.
    public init() {}
}

/// Whether redirects are followed.
public enum RedirectPolicy: Sendable, Hashable {
    /// Return the redirect response itself.
    case none
    /// Follow up to `max` redirects; more is `SessionError.tooManyRedirects`.
    case follow(max: Int)
}

/// Which addresses of a host name a session connects to (`CURLOPT_IPRESOLVE`).
public enum AddressFamily: Sendable, Hashable {
    /// IPv4 and IPv6, as the resolver returns them (the default).
    case any
    /// IPv4 addresses only.
    case ipv4
    /// IPv6 addresses only.
    case ipv6
}

/// Which HTTP version a session asks for.
public enum HTTPVersionPreference: Sendable, Hashable {
    /// HTTP/1.0 only.
    case http1_0
    /// HTTP/1.1 only.
    case http1_1
    /// HTTP/2 over TLS when the server offers it through ALPN, HTTP/1.1 otherwise (the default).
    case http2OverTLS
    /// HTTP/2 without TLS, assuming the server speaks it (h2c prior knowledge).
    case http2PriorKnowledge
    /// HTTP/2: over TLS through ALPN, and for `http://` an HTTP/1.1 request that offers an upgrade to h2c.
    case http2
}
