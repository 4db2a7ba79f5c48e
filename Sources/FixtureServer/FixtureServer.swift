import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// An httpbin-like HTTP and HTTPS server for tests, benchmarks and the demo.
///
/// CONTRACT (skeleton): the session-core issue implements it on SwiftNIO; these signatures are
/// what tests elsewhere call.
///
/// One plain port serves HTTP/1.1 and HTTP/2 with prior knowledge (h2c, told apart by the
/// connection preface); each TLS variant has its own port, offering h2 and http/1.1 by ALPN. The
/// routes are listed in `docs/fixture-server.md`. Call ``shutdown()`` (or use ``withFixtureServer(_:_:)``).
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
        /// Chosen ports for variants other than `.valid` (missing ones pick a free port).
        public var variantPorts: [TLSVariant: Int] = [:]
        /// Event-loop threads; the command-line server uses one per core.
        public var eventLoopThreads = 2
        /// Whether to keep a ``RecordedRequest`` of every request (off for benchmarks: it grows).
        public var recordsRequests = true
        /// Creates the default configuration.
        public init() {}
    }

    private let group: MultiThreadedEventLoopGroup
    private let listeners: [Endpoint: any Channel]
    private let ports: [Endpoint: Int]
    private let urlHost: String
    let state: ServerState
    private let isShutDown = Atomic<Bool>(false)

    private init(
        group: MultiThreadedEventLoopGroup,
        listeners: [Endpoint: any Channel],
        urlHost: String,
        state: ServerState
    ) {
        self.group = group
        self.listeners = listeners
        self.ports = listeners.compactMapValues { $0.localAddress?.port }
        self.urlHost = urlHost
        self.state = state
    }

    deinit {
        assert(isShutDown.load(ordering: .relaxed), "FixtureServer released without shutdown(); use withFixtureServer")
    }

    /// Starts a server: binds every endpoint, then returns.
    /// - Parameter configuration: ports, variants and certificates.
    /// - Returns: the running server; call ``shutdown()`` when done.
    /// - Throws: ``FixtureServerError`` when certificates are missing or a port cannot be bound.
    public static func start(_ configuration: Configuration = Configuration()) async throws -> FixtureServer {
        var plan: [(endpoint: Endpoint, port: Int, tls: NIOSSLContext?)] = [(.plain, configuration.httpPort, nil)]
        if let tlsPort = configuration.tlsPort {
            let directory = try CertificateStore.directory(configured: configuration.certificatesDirectory)
            for variant in TLSVariant.allCases where variant == .valid || configuration.tlsVariants.contains(variant) {
                let port = variant == .valid ? tlsPort : configuration.variantPorts[variant] ?? 0
                plan.append((.tls(variant), port, try CertificateStore.context(for: variant, in: directory)))
            }
        }
        let state = ServerState(endpoints: plan.map(\.endpoint), recordsRequests: configuration.recordsRequests)
        let setup = ConnectionSetup(router: .standard, state: state)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.eventLoopThreads))
        var listeners: [Endpoint: any Channel] = [:]
        do {
            for item in plan {
                let bootstrap = ServerBootstrap(group: group)
                    .serverChannelOption(.backlog, value: 1024)
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                    .childChannelOption(.maxMessagesPerRead, value: 16)
                    .childChannelInitializer { channel in
                        if case .tls(let variant) = item.endpoint, let context = item.tls {
                            return setup.configureTLS(channel, variant: variant, context: context)
                        }
                        return setup.configurePlain(channel)
                    }
                do {
                    listeners[item.endpoint] = try await bootstrap.bind(host: configuration.host, port: item.port).get()
                } catch {
                    throw FixtureServerError.bindFailed(
                        endpoint: item.endpoint,
                        host: configuration.host,
                        port: item.port,
                        reason: "\(error)"
                    )
                }
            }
        } catch {
            for listener in listeners.values { try? await listener.close() }
            try? await group.shutdownGracefully()
            throw error
        }
        let urlHost =
            switch configuration.host {
            case "0.0.0.0", "": "127.0.0.1"
            case "::": "[::1]"
            case let host where host.contains(":"): "[\(host)]"
            case let host: host
            }
        return FixtureServer(group: group, listeners: listeners, urlHost: urlHost, state: state)
    }

    /// `http://127.0.0.1:PORT`.
    public var httpURL: URL { URL(string: "http://\(urlHost):\(port(for: .plain) ?? 0)")! }
    /// The URL for HTTP/2 with prior knowledge (h2c): the plain port, which detects the h2 preface.
    public var http2PriorKnowledgeURL: URL { httpURL }
    /// `https://localhost:PORT` of the `.valid` variant.
    public var httpsURL: URL { url(for: .valid) }
    /// `https://localhost:PORT` of a variant (port 0 when the variant is not served).
    public func url(for variant: TLSVariant) -> URL {
        URL(string: "https://localhost:\(port(for: .tls(variant)) ?? 0)")!
    }
    /// The bound port of an endpoint, or nil when it is not served.
    /// - Parameter endpoint: `.plain` or `.tls(variant)`.
    /// - Returns: the port number.
    public func port(for endpoint: Endpoint) -> Int? { ports[endpoint] }

    /// HTTP requests received so far by a variant's endpoint (proves a rejected server got none).
    public func requestCount(for variant: TLSVariant) -> Int { requestCount(on: .tls(variant)) }

    /// Closes every listener and connection.
    public func shutdown() async throws {
        guard !isShutDown.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for listener in listeners.values { try? await listener.close() }
        // Shutting the loops down closes the connections still open (e.g. held by /fault/never-respond).
        try await group.shutdownGracefully()
    }
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
