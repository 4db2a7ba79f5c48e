/// A timing phase the history can rank and trend (`--phase`).
public enum TimingPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// The whole transfer (`results.total_ms`).
    case total
    /// DNS lookup.
    case dns
    /// TCP connect.
    case connect
    /// TLS handshake.
    case tls
    /// Start to first byte.
    case ttfb
    /// Body download.
    case download

    /// The `results` column holding the phase (also a column of the `metrics` view).
    public var column: String {
        switch self {
        case .total: "total_ms"
        case .dns: "dns_ms"
        case .connect: "connect_ms"
        case .tls: "tls_ms"
        case .ttfb: "ttfb_ms"
        case .download: "download_ms"
        }
    }
}
