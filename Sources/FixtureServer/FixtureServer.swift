import Foundation

/// An httpbin-like HTTP and HTTPS server for tests, benchmarks and the demo.
///
/// CONTRACT (skeleton): the session-core issue implements it on SwiftNIO; these signatures are
/// what tests elsewhere call.
public final class FixtureServer: Sendable {
    /// The TLS endpoints, one port each, each with its own certificate from `fixtures/tls/`.
    public enum TLSVariant: String, Sendable, CaseIterable {
        /// `leaf` (localhost, 127.0.0.1, ::1) with the intermediate.
        case valid
        /// An expired leaf.
        case expired
        /// A leaf valid from 2100.
        case notYetValid
        /// A leaf for `wrong.example`.
        case wrongHost
        /// A self-signed leaf.
        case selfSigned
        /// A leaf from a CA nobody trusts.
        case unknownCA
        /// The valid leaf, requiring a client certificate from the client CA.
        case mutualTLS
    }

    /// What to start.
    public struct Configuration: Sendable {
        /// The address to bind; 127.0.0.1 by default.
        public var host = "127.0.0.1"
        /// The plain HTTP port; 0 picks a free one.
        public var httpPort = 0
        /// The port of the `.valid` TLS endpoint; 0 picks a free one; nil serves no TLS at all.
        public var tlsPort: Int? = 0
        /// Further TLS variants to serve, each on a free port.
        public var tlsVariants: Set<TLSVariant> = Set(TLSVariant.allCases)
        /// The folder holding the certificates; nil finds `fixtures/tls` from the working directory upwards.
        public var certificatesDirectory: URL? = nil
        /// Creates the default configuration.
        public init() {}
    }

    /// Starts a server.
    public static func start(_ configuration: Configuration = Configuration()) async throws -> FixtureServer {
        FixtureServer()
    }

    /// `http://127.0.0.1:PORT`.
    public var httpURL: URL { URL(string: "http://127.0.0.1:0")! }
    /// `https://localhost:PORT` of the `.valid` variant.
    public var httpsURL: URL { url(for: .valid) }
    /// `https://localhost:PORT` of a variant.
    public func url(for variant: TLSVariant) -> URL { URL(string: "https://localhost:0")! }
    /// HTTP requests received so far by a variant's endpoint (proves a rejected server got none).
    public func requestCount(for variant: TLSVariant) -> Int { 0 }
    /// Closes every listener and connection.
    public func shutdown() async throws {}
}

/// Runs `body` with a started server and shuts it down afterwards, even when `body` throws.
public func withFixtureServer<T: Sendable>(
    _ configuration: FixtureServer.Configuration = FixtureServer.Configuration(),
    _ body: (FixtureServer) async throws -> T
) async throws -> T {
    let server = try await FixtureServer.start(configuration)
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try? await server.shutdown()
        throw error
    }
}
