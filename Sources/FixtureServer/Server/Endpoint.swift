/// One listening socket of a ``FixtureServer``.
public enum Endpoint: Hashable, Sendable, CustomStringConvertible {
    /// The plain port: HTTP/1.1, and HTTP/2 with prior knowledge (h2c).
    case plain
    /// The TLS port of a variant (ALPN offers h2 and http/1.1).
    case tls(FixtureServer.TLSVariant)

    /// `plain` or the variant's name.
    public var description: String {
        switch self {
        case .plain: "plain"
        case .tls(let variant): variant.rawValue
        }
    }
}
