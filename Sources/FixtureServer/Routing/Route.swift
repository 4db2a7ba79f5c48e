import NIOCore
import NIOHTTP1

/// One row of the routing table: a path pattern, the methods it accepts and its handler.
struct Route: Sendable {
    /// How the request body reaches the handler.
    enum BodyHandling: Sendable {
        /// Collected in memory (up to `RouteHandler.maximumBufferedBody`) before `handle` runs.
        case buffered
        /// Fed to a consumer as it arrives; `handle` is not called.
        case streamed(@Sendable (RouteRequest) -> any RequestBodyConsumer)
    }

    let pattern: RoutePattern
    /// Accepted methods; nil accepts any. GET routes accept HEAD too.
    let methods: Set<String>?
    let body: BodyHandling
    let handle: @Sendable (RouteRequest) -> RouteReply

    init(
        _ pattern: String,
        methods: Set<String>? = ["GET"],
        body: BodyHandling = .buffered,
        _ handle: @escaping @Sendable (RouteRequest) -> RouteReply
    ) {
        self.pattern = RoutePattern(pattern)
        var accepted = methods
        if accepted?.contains("GET") == true { accepted?.insert("HEAD") }
        self.methods = accepted
        self.body = body
        self.handle = handle
    }
}

/// Receives a streamed request body; used by routes that must not hold the body (uploads).
protocol RequestBodyConsumer: AnyObject {
    /// The next bytes of the body.
    func consume(_ buffer: ByteBuffer)
    /// The body ended; returns the reply.
    func finish(_ request: RouteRequest) -> RouteReply
}

/// What a handler asks the connection to do.
enum RouteReply {
    /// Send a complete response.
    case response(RouteResponse)
    /// Send a complete response after a pause.
    case delayed(TimeAmount, RouteResponse)
    /// Send a head, then the chunks of a producer as the socket takes them.
    case stream(RouteResponse, any ChunkProducer)
    /// Misbehave at the socket level.
    case fault(Fault)
}

/// Produces a streamed body chunk by chunk, on the connection's event loop.
protocol ChunkProducer: AnyObject {
    /// How long to wait before the next chunk (zero: as fast as the socket takes them).
    var pause: TimeAmount { get }
    /// The next chunk, or nil at the end of the body.
    func nextChunk(allocator: ByteBufferAllocator) -> ByteBuffer?
}

/// The socket-level misbehaviours of the `/fault/...` routes.
enum Fault {
    /// Send the head and part of the body, then reset the connection (SO_LINGER 0).
    case reset
    /// Send a head announcing a body, then close.
    case closeAfterHeaders
    /// Hold the connection and never answer.
    case neverRespond
    /// Send a status line that is not HTTP.
    case malformedStatus
    /// Announce a longer Content-Length than the body sent, then close.
    case truncated
    /// Send the status line at once and the rest of the head after a pause.
    case slowHeaders(TimeAmount)
    /// Send a head with one 200 KiB header line, past libcurl's 100 KiB limit for a line.
    case longHeader
}
