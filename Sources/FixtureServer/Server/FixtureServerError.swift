/// Why a ``FixtureServer`` could not start.
public enum FixtureServerError: Error, Sendable, CustomStringConvertible {
    /// No `fixtures/tls/leaf.pem` was found from `searchedFrom` upwards.
    case certificatesNotFound(searchedFrom: String)
    /// A certificate or key file could not be loaded.
    case certificateUnreadable(file: String, reason: String)
    /// A port could not be bound.
    case bindFailed(endpoint: Endpoint, host: String, port: Int, reason: String)

    /// A message naming the place and the fix.
    public var description: String {
        switch self {
        case .certificatesNotFound(let start):
            "FixtureServer: no fixtures/tls/leaf.pem in \(start) or any parent; run from the package "
                + "checkout or set Configuration.certificatesDirectory (afrun-fixtures --certificates DIR)"
        case .certificateUnreadable(let file, let reason):
            "FixtureServer: cannot load \(file): \(reason); regenerate with bash fixtures/tls/make-certs.sh"
        case .bindFailed(let endpoint, let host, let port, let reason):
            "FixtureServer: cannot bind the \(endpoint) endpoint to \(host):\(port): \(reason); "
                + "choose another port or 0 for a free one"
        }
    }
}
