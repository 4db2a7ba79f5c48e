import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOSSL

/// Builds the pipelines of accepted connections.
struct ConnectionSetup: Sendable {
    let router: Router
    let state: ServerState

    /// Plain port: HTTP/1.1, or HTTP/2 when the client opens with the h2 preface (prior knowledge).
    func configurePlain(_ channel: any Channel) -> EventLoopFuture<Void> {
        state.counters[.plain]?.connections.add(1, ordering: .relaxed)
        return channel.eventLoop.makeCompletedFuture {
            let sniffer = HTTPVersionSniffer(
                http1: { try self.addHTTP1($0, endpoint: .plain) },
                http2: { try self.addHTTP2($0, endpoint: .plain) }
            )
            try channel.pipeline.syncOperations.addHandler(sniffer)
        }
    }

    /// TLS port: ALPN picks h2 or http/1.1.
    func configureTLS(
        _ channel: any Channel,
        variant: FixtureServer.TLSVariant,
        context: NIOSSLContext
    )
        -> EventLoopFuture<Void>
    {
        let endpoint = Endpoint.tls(variant)
        state.counters[endpoint]?.connections.add(1, ordering: .relaxed)
        do {
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        // The ALPN handler calls a configurator only once the handshake has completed, so that is
        // where completed handshakes are counted; a client that refuses the certificate never gets there.
        let counters = state.counters[endpoint]
        return channel.configureHTTP2SecureUpgrade(
            h2ChannelConfigurator: { channel in
                counters?.handshakes.add(1, ordering: .relaxed)
                return channel.eventLoop.makeCompletedFuture { try self.addHTTP2(channel, endpoint: endpoint) }
            },
            http1ChannelConfigurator: { channel in
                counters?.handshakes.add(1, ordering: .relaxed)
                return channel.eventLoop.makeCompletedFuture { try self.addHTTP1(channel, endpoint: endpoint) }
            }
        )
    }

    private func addHTTP1(_ channel: any Channel, endpoint: Endpoint) throws {
        let sync = channel.pipeline.syncOperations
        try sync.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: true)
        try sync.addHandler(RouteHandler(router: router, state: state, endpoint: endpoint, isHTTP2: false))
    }

    private func addHTTP2(_ channel: any Channel, endpoint: Endpoint) throws {
        let router = router
        let state = state
        _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
            mode: .server,
            connectionConfiguration: Self.http2Connection,
            streamConfiguration: Self.http2Stream,
            inboundStreamInitializer: { stream in
                stream.eventLoop.makeCompletedFuture {
                    try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                    try stream.pipeline.syncOperations.addHandler(
                        RouteHandler(router: router, state: state, endpoint: endpoint, isHTTP2: true)
                    )
                }
            }
        )
    }

    /// swift-nio-http2's protections against hostile clients, opened up for a test server. Each of them
    /// ends the connection with `GOAWAY ENHANCE_YOUR_CALM, last_stream=0` (it treats the peer as
    /// misbehaving, so every stream in flight fails), and its default budgets are per connection:
    /// 200 glitches (stream errors) for the connection's whole life, 200 stream errors, RST_STREAMs or
    /// control frames per 30 s. A benchmark client keeping 256 streams in flight on a few connections for
    /// thousands of requests reaches them with ordinary traffic; the glitch and the stream-error counters
    /// count the same events, so raising either one alone changes nothing. The fixture server serves its
    /// own tests and benchmarks, never the open internet.
    ///
    /// The glitch and empty-frame budgets are plain counters. The three rate limits keep a timestamp per
    /// event and reserve room for `maximumCount` of them when each connection starts, so they are opened
    /// with a short window rather than a huge count: `Int32.max` reserved 16 GiB of address space three
    /// times per connection, and freeing that took seconds under ThreadSanitizer, the event loop
    /// blocked meanwhile (every h2 connection's end stalled the server for 6–8 s).
    static let http2Connection: NIOHTTP2Handler.ConnectionConfiguration = {
        var configuration = NIOHTTP2Handler.ConnectionConfiguration()
        configuration.maximumConnectionGlitches = Int(Int32.max)
        configuration.controlFrameRateLimit.maximumCount = rateLimitCount
        configuration.controlFrameRateLimit.windowLength = rateLimitWindow
        configuration.maximumSequentialEmptyDataFrames = Int(Int32.max)
        return configuration
    }()

    /// The per-stream half of the budgets above (their counters are still per connection).
    static let http2Stream: NIOHTTP2Handler.StreamConfiguration = {
        var configuration = NIOHTTP2Handler.StreamConfiguration()
        configuration.streamErrorRateLimit.maximumCount = rateLimitCount
        configuration.streamErrorRateLimit.windowLength = rateLimitWindow
        configuration.streamResetFrameRateLimit.maximumCount = rateLimitCount
        configuration.streamResetFrameRateLimit.windowLength = rateLimitWindow
        return configuration
    }()

    /// Far more events than any client of these tests sends within `rateLimitWindow` (its streams are at
    /// most 100 at once), and few enough timestamps to reserve for each connection (32 KiB).
    static let rateLimitCount = 4_096
    /// See `rateLimitCount`.
    static let rateLimitWindow: TimeAmount = .milliseconds(1)
}
