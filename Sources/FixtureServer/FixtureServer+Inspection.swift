/// What tests can ask a running server about the traffic it saw.
extension FixtureServer {
    /// HTTP requests whose head reached a route handler on an endpoint.
    /// - Parameter endpoint: `.plain` or `.tls(variant)`.
    /// - Returns: the count (0 for an endpoint not served).
    public func requestCount(on endpoint: Endpoint) -> Int {
        state.counters[endpoint]?.requests.load(ordering: .relaxed) ?? 0
    }

    /// TCP connections accepted on an endpoint (for TLS: handshakes attempted).
    /// - Parameter endpoint: `.plain` or `.tls(variant)`.
    /// - Returns: the count.
    public func connectionCount(on endpoint: Endpoint) -> Int {
        state.counters[endpoint]?.connections.load(ordering: .relaxed) ?? 0
    }

    /// TLS handshakes completed on a variant's endpoint; a client that refuses the certificate
    /// aborts the handshake, so it is not counted.
    /// - Parameter variant: the TLS endpoint.
    /// - Returns: the count.
    public func handshakeCount(for variant: TLSVariant) -> Int {
        state.counters[.tls(variant)]?.handshakes.load(ordering: .relaxed) ?? 0
    }

    /// Every request received so far, in arrival order (empty when `recordsRequests` is off).
    public var recordedRequests: [RecordedRequest] { state.recorded }

    /// The recorded requests whose path is `path`.
    /// - Parameter path: e.g. `/get`.
    /// - Returns: the requests in arrival order.
    public func recordedRequests(path: String) -> [RecordedRequest] { state.recorded.filter { $0.path == path } }

    /// Forgets the recorded requests (counters are kept).
    public func clearRecordedRequests() { state.clearLog() }
}
