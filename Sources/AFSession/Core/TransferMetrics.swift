/// What libcurl measured for one transfer: timing phases, sizes and the connection used.
///
/// Timing phases follow libcurl's `*_TIME_T` infos. libcurl reports cumulative times from the
/// start of the transfer; the phase properties here are the differences, so each phase is the
/// time spent in that step alone:
///
/// | phase | libcurl infos |
/// |---|---|
/// | `dns` | `NAMELOOKUP` |
/// | `connect` (TCP) | `CONNECT − NAMELOOKUP` |
/// | `tlsHandshake` | `APPCONNECT − CONNECT` (0 for plain HTTP) |
/// | `wait` (server) | `STARTTRANSFER − PRETRANSFER` |
/// | `download` | `TOTAL − STARTTRANSFER` |
///
/// `timeToFirstByte` is libcurl's `STARTTRANSFER` itself: from the start to the first response
/// byte, every phase before it included. A reused connection reports no DNS, connect or TLS time.
public struct TransferMetrics: Sendable, Hashable, Codable {
    /// Time spent resolving the host name.
    public var dns: Duration
    /// Time spent establishing the TCP connection.
    public var connect: Duration
    /// Time spent in the TLS handshake (zero for plain HTTP or a reused connection).
    public var tlsHandshake: Duration
    /// Time from the request being ready to send until the first response byte.
    public var wait: Duration
    /// Time from the start until the first response byte (libcurl's `STARTTRANSFER`).
    public var timeToFirstByte: Duration
    /// Time spent receiving the response body.
    public var download: Duration
    /// Total time of the transfer, redirects included.
    public var total: Duration
    /// Time spent on redirects before the final request.
    public var redirect: Duration
    /// Time spent queued in libcurl before the transfer started; nil where libcurl (< 8.6) does not report it.
    public var queue: Duration?
    /// How many redirects were followed.
    public var redirectCount: Int
    /// Bytes of request headers sent.
    public var requestHeaderBytes: Int64
    /// Bytes of request body sent.
    public var requestBodyBytes: Int64
    /// Bytes of response headers received (all responses, redirects included).
    public var responseHeaderBytes: Int64
    /// Bytes of response body received (after decoding of any content encoding).
    public var responseBodyBytes: Int64
    /// The protocol version used.
    public var httpVersion: HTTPVersion
    /// The IP address of the server the final connection went to.
    public var remoteIP: String?
    /// The server port of the final connection.
    public var remotePort: Int?
    /// The local IP address of the final connection.
    public var localIP: String?
    /// The local port of the final connection.
    public var localPort: Int?
    /// Whether the transfer reused an existing connection (libcurl made no new connection).
    public var connectionReused: Bool
    /// The TLS session and the server's certificate chain, for HTTPS transfers.
    public var tlsEvidence: TLSEvidence?

    /// Creates metrics; every field defaults to zero or nil.
    public init(
        dns: Duration = .zero,
        connect: Duration = .zero,
        tlsHandshake: Duration = .zero,
        wait: Duration = .zero,
        timeToFirstByte: Duration = .zero,
        download: Duration = .zero,
        total: Duration = .zero,
        redirect: Duration = .zero,
        queue: Duration? = nil,
        redirectCount: Int = 0,
        requestHeaderBytes: Int64 = 0,
        requestBodyBytes: Int64 = 0,
        responseHeaderBytes: Int64 = 0,
        responseBodyBytes: Int64 = 0,
        httpVersion: HTTPVersion = .unknown,
        remoteIP: String? = nil,
        remotePort: Int? = nil,
        localIP: String? = nil,
        localPort: Int? = nil,
        connectionReused: Bool = false,
        tlsEvidence: TLSEvidence? = nil
    ) {
        self.dns = dns
        self.connect = connect
        self.tlsHandshake = tlsHandshake
        self.wait = wait
        self.timeToFirstByte = timeToFirstByte
        self.download = download
        self.total = total
        self.redirect = redirect
        self.queue = queue
        self.redirectCount = redirectCount
        self.requestHeaderBytes = requestHeaderBytes
        self.requestBodyBytes = requestBodyBytes
        self.responseHeaderBytes = responseHeaderBytes
        self.responseBodyBytes = responseBodyBytes
        self.httpVersion = httpVersion
        self.remoteIP = remoteIP
        self.remotePort = remotePort
        self.localIP = localIP
        self.localPort = localPort
        self.connectionReused = connectionReused
        self.tlsEvidence = tlsEvidence
    }
}

extension Duration {
    /// This duration in milliseconds, as a `Double`.
    public var milliseconds: Double { self / .milliseconds(1) }
}
