import ValueBox
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
public struct TransferMetrics: Sendable, Hashable, Codable, CustomReflectable {
    /// The measured values, behind one reference: a transfer's metrics travel through several
    /// hands (outcome, response, result) and a 300-byte struct was copied at each step.
    @usableFromInline var storage: CopyOnWriteBox<Fields>

    /// Time spent resolving the host name.
    @inlinable public var dns: Duration {
        get { storage.fields.dns }
        _modify { yield &storage.fields.dns }
    }
    /// Time spent establishing the TCP connection.
    @inlinable public var connect: Duration {
        get { storage.fields.connect }
        _modify { yield &storage.fields.connect }
    }
    /// Time spent in the TLS handshake (zero for plain HTTP or a reused connection).
    @inlinable public var tlsHandshake: Duration {
        get { storage.fields.tlsHandshake }
        _modify { yield &storage.fields.tlsHandshake }
    }
    /// Time from the request being ready to send until the first response byte.
    @inlinable public var wait: Duration {
        get { storage.fields.wait }
        _modify { yield &storage.fields.wait }
    }
    /// Time from the start until the first response byte (libcurl's `STARTTRANSFER`).
    @inlinable public var timeToFirstByte: Duration {
        get { storage.fields.timeToFirstByte }
        _modify { yield &storage.fields.timeToFirstByte }
    }
    /// Time spent receiving the response body.
    @inlinable public var download: Duration {
        get { storage.fields.download }
        _modify { yield &storage.fields.download }
    }
    /// Total time of the transfer, redirects included.
    @inlinable public var total: Duration {
        get { storage.fields.total }
        _modify { yield &storage.fields.total }
    }
    /// Time spent on redirects before the final request.
    @inlinable public var redirect: Duration {
        get { storage.fields.redirect }
        _modify { yield &storage.fields.redirect }
    }
    /// Time spent queued in libcurl before the transfer started; nil where libcurl (< 8.6) does not report it.
    @inlinable public var queue: Duration? {
        get { storage.fields.queue }
        _modify { yield &storage.fields.queue }
    }
    /// How many redirects were followed.
    @inlinable public var redirectCount: Int {
        get { storage.fields.redirectCount }
        _modify { yield &storage.fields.redirectCount }
    }
    /// Bytes of request headers sent.
    @inlinable public var requestHeaderBytes: Int64 {
        get { storage.fields.requestHeaderBytes }
        _modify { yield &storage.fields.requestHeaderBytes }
    }
    /// Bytes of request body sent.
    @inlinable public var requestBodyBytes: Int64 {
        get { storage.fields.requestBodyBytes }
        _modify { yield &storage.fields.requestBodyBytes }
    }
    /// Bytes of response headers received (all responses, redirects included).
    @inlinable public var responseHeaderBytes: Int64 {
        get { storage.fields.responseHeaderBytes }
        _modify { yield &storage.fields.responseHeaderBytes }
    }
    /// Bytes of response body received (after decoding of any content encoding).
    @inlinable public var responseBodyBytes: Int64 {
        get { storage.fields.responseBodyBytes }
        _modify { yield &storage.fields.responseBodyBytes }
    }
    /// The protocol version used.
    @inlinable public var httpVersion: HTTPVersion {
        get { storage.fields.httpVersion }
        _modify { yield &storage.fields.httpVersion }
    }
    /// The IP address of the server the final connection went to.
    @inlinable public var remoteIP: String? {
        get { storage.fields.remoteIP }
        _modify { yield &storage.fields.remoteIP }
    }
    /// The server port of the final connection.
    @inlinable public var remotePort: Int? {
        get { storage.fields.remotePort }
        _modify { yield &storage.fields.remotePort }
    }
    /// The local IP address of the final connection.
    @inlinable public var localIP: String? {
        get { storage.fields.localIP }
        _modify { yield &storage.fields.localIP }
    }
    /// The local port of the final connection.
    @inlinable public var localPort: Int? {
        get { storage.fields.localPort }
        _modify { yield &storage.fields.localPort }
    }
    /// Whether the transfer reused an existing connection (libcurl made no new connection).
    @inlinable public var connectionReused: Bool {
        get { storage.fields.connectionReused }
        _modify { yield &storage.fields.connectionReused }
    }
    /// The TLS session and the server's certificate chain, for HTTPS transfers.
    @inlinable public var tlsEvidence: TLSEvidence? {
        get { storage.fields.tlsEvidence }
        _modify { yield &storage.fields.tlsEvidence }
    }

    /// Creates metrics; every field defaults to zero or nil.
    public init(
        dns: Duration = .zero, connect: Duration = .zero, tlsHandshake: Duration = .zero, wait: Duration = .zero,
        timeToFirstByte: Duration = .zero, download: Duration = .zero, total: Duration = .zero,
        redirect: Duration = .zero, queue: Duration? = nil, redirectCount: Int = 0,
        requestHeaderBytes: Int64 = 0, requestBodyBytes: Int64 = 0, responseHeaderBytes: Int64 = 0,
        responseBodyBytes: Int64 = 0, httpVersion: HTTPVersion = .unknown, remoteIP: String? = nil,
        remotePort: Int? = nil, localIP: String? = nil, localPort: Int? = nil, connectionReused: Bool = false,
        tlsEvidence: TLSEvidence? = nil
    ) {
        storage = CopyOnWriteBox(Fields(
            dns: dns,
            connect: connect,
            tlsHandshake: tlsHandshake,
            wait: wait,
            timeToFirstByte: timeToFirstByte,
            download: download,
            total: total,
            redirect: redirect,
            queue: queue,
            redirectCount: redirectCount,
            requestHeaderBytes: requestHeaderBytes,
            requestBodyBytes: requestBodyBytes,
            responseHeaderBytes: responseHeaderBytes,
            responseBodyBytes: responseBodyBytes,
            httpVersion: httpVersion,
            remoteIP: remoteIP,
            remotePort: remotePort,
            localIP: localIP,
            localPort: localPort,
            connectionReused: connectionReused,
            tlsEvidence: tlsEvidence))
    }

    /// The stored values (one field per public property).
    @usableFromInline struct Fields: Sendable, Hashable, Codable {
        @usableFromInline var dns: Duration
        @usableFromInline var connect: Duration
        @usableFromInline var tlsHandshake: Duration
        @usableFromInline var wait: Duration
        @usableFromInline var timeToFirstByte: Duration
        @usableFromInline var download: Duration
        @usableFromInline var total: Duration
        @usableFromInline var redirect: Duration
        @usableFromInline var queue: Duration?
        @usableFromInline var redirectCount: Int
        @usableFromInline var requestHeaderBytes: Int64
        @usableFromInline var requestBodyBytes: Int64
        @usableFromInline var responseHeaderBytes: Int64
        @usableFromInline var responseBodyBytes: Int64
        @usableFromInline var httpVersion: HTTPVersion
        @usableFromInline var remoteIP: String?
        @usableFromInline var remotePort: Int?
        @usableFromInline var localIP: String?
        @usableFromInline var localPort: Int?
        @usableFromInline var connectionReused: Bool
        @usableFromInline var tlsEvidence: TLSEvidence?
    }

    /// Shows the values, as the plain struct did.
    public var customMirror: Mirror { Mirror(reflecting: storage.fields) }

    /// Equal when every measured value is equal.
    public static func == (a: TransferMetrics, b: TransferMetrics) -> Bool {
        a.storage.sharesStorage(with: b.storage) || a.storage.fields == b.storage.fields
    }

    /// Hashes the measured values.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// Decodes the same keyed form the values were always encoded in.
    public init(from decoder: any Decoder) throws { storage = CopyOnWriteBox(try Fields(from: decoder)) }

    /// Encodes one key per property, as before the storage was shared.
    public func encode(to encoder: any Encoder) throws { try storage.fields.encode(to: encoder) }
}

extension Duration {
    /// This duration in milliseconds, as a `Double`.
    public var milliseconds: Double {
        // The attosecond count is `_high:_low` (the stdlib's `@frozen` layout). When it fits in 64 bits (under
        // ~9.2 s, every phase of nearly every transfer): one conversion and one division, the same `Double` as
        // below. `components` divides the 128-bit count by 10^18 twice in software, and `/` converts two
        // 128-bit counts: ~150 and ~70 instructions a call, nine calls per recorded result.
        let low = Int64(bitPattern: _low)
        if _high == (low < 0 ? -1 : 0) { return Double(low) / 1e15 }
        return self / .milliseconds(1)
    }
}
