import FixtureServer
import Foundation

/// Starts a server for one test with only the endpoints it needs.
func withServer<T: Sendable>(
    tls variants: Set<FixtureServer.TLSVariant>? = nil,
    _ body: (FixtureServer) async throws -> T
) async throws -> T {
    var configuration = FixtureServer.Configuration()
    configuration.eventLoopThreads = 1
    if let variants {
        configuration.tlsVariants = variants
    } else {
        configuration.tlsPort = nil
    }
    return try await withFixtureServer(configuration, body)
}

extension FixtureServer {
    /// `httpURL` plus a path and query, as a string for curl.
    func http(_ pathAndQuery: String) -> String { httpURL.absoluteString + pathAndQuery }
}
