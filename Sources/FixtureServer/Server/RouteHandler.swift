import NIOCore
import NIOHTTP1

/// Runs the routing table for one HTTP/1.1 connection or one HTTP/2 stream.
///
/// Requests arrive as `HTTPServerRequestPart` from NIO's HTTP/1 decoder or from the HTTP/2-to-HTTP/1
/// codec, so every route works over both. Bodies stream with backpressure: a producer is asked for
/// the next chunk only while the channel is writable.
final class RouteHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The largest body a buffered route collects; beyond it the reply is 413.
    static let maximumBufferedBody = 64 * 1024 * 1024

    private enum Phase {
        case idle
        case buffering(RouteRequest, Route)
        case consuming(RouteRequest, any RequestBodyConsumer)
        case rejecting(RouteResponse)
        case responding
    }

    let router: Router
    let state: ServerState
    let endpoint: Endpoint
    let isHTTP2: Bool
    private var phase = Phase.idle
    var keepAlive = true
    private var isHeadRequest = false
    /// Whether the request came in absolute form, as clients send to a proxy.
    private var isProxied = false
    private var producer: (any ChunkProducer)?
    private var producerWaiting = false
    private var pauseServed = false

    init(router: Router, state: ServerState, endpoint: Endpoint, isHTTP2: Bool) {
        self.router = router
        self.state = state
        self.endpoint = endpoint
        self.isHTTP2 = isHTTP2
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), phase) {
        case (.head(let head), _):
            begin(head, context: context)
        case (.body(var buffer), .buffering(var request, let route)):
            phase = .idle  // Drops the enum's reference, so the append below does not copy the body.
            if request.body.readableBytes + buffer.readableBytes > Self.maximumBufferedBody {
                phase = .rejecting(.error(.payloadTooLarge, "body larger than \(Self.maximumBufferedBody) bytes"))
                keepAlive = false
            } else {
                request.body.writeBuffer(&buffer)
                phase = .buffering(request, route)
            }
        case (.body(let buffer), .consuming(_, let consumer)):
            consumer.consume(buffer)
        case (.body, _):
            break
        case (.end, .buffering(let request, let route)):
            phase = .responding
            perform(route.handle(request), context: context)
        case (.end, .consuming(let request, let consumer)):
            phase = .responding
            perform(consumer.finish(request), context: context)
        case (.end, .rejecting(let response)):
            phase = .responding
            perform(.response(response), context: context)
        case (.end, _):
            break
        }
    }

    private func begin(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        // An absolute-form target (`GET http://host/path`) is what a client sends to a plain HTTP proxy: the
        // server answers as a forward proxy to itself would, routing on the URL's path, and says so in `Via`.
        isProxied = head.uri.hasPrefix("http://")
        let target = Self.originForm(of: head.uri).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(target.first ?? "/")
        state.received(head, path: path, on: endpoint, http2: isHTTP2)
        keepAlive = isHTTP2 || head.isKeepAlive
        isHeadRequest = head.method == .HEAD
        let remote = context.channel.remoteAddress?.ipAddress ?? context.channel.parent?.remoteAddress?.ipAddress ?? ""
        func request(_ parameters: [String: String]) -> RouteRequest {
            RouteRequest(
                head: head,
                path: path,
                query: target.count > 1 ? QueryString.parse(target[1]) : [],
                parameters: parameters,
                body: context.channel.allocator.buffer(capacity: 0),
                scheme: endpoint == .plain ? "http" : "https",
                isHTTP2: isHTTP2,
                endpoint: endpoint,
                remoteAddress: remote,
                state: state
            )
        }
        switch router.match(method: head.method.rawValue, path: path) {
        case .found(let route, let parameters):
            // Clients that ask first (curl does for large bodies) would otherwise wait a second.
            if head.headers.first(name: "expect")?.lowercased() == "100-continue" {
                let interim = HTTPResponseHead(version: .http1_1, status: .continue)
                context.writeAndFlush(wrapOutboundOut(.head(interim)), promise: nil)
            }
            switch route.body {
            case .buffered: phase = .buffering(request(parameters), route)
            case .streamed(let makeConsumer):
                let routeRequest = request(parameters)
                phase = .consuming(routeRequest, makeConsumer(routeRequest))
            }
        case .methodNotAllowed(let allowed):
            var response = RouteResponse.error(.methodNotAllowed, "\(head.method.rawValue) not allowed on \(path)")
            response.headers.add(name: "allow", value: allowed.joined(separator: ", "))
            phase = .rejecting(response)
        case .notFound:
            phase = .rejecting(.error(.notFound, "no route for \(path)"))
        }
    }

    /// Carries out a handler's reply.
    func perform(_ reply: RouteReply, context: ChannelHandlerContext) {
        switch reply {
        case .response(let response):
            write(response, context: context)
        case .delayed(let delay, let response):
            context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
                guard context.channel.isActive else { return }
                self.write(response, context: context)
            }
        case .stream(let head, let producer):
            writeHead(
                head,
                contentLength: head.headers.first(name: "content-length").flatMap(Int.init),
                context: context
            )
            if isHeadRequest {
                finish(context: context)
                return
            }
            self.producer = producer
            pump(context: context)
        case .fault(let fault):
            perform(fault, context: context)
        }
    }

    private func write(_ response: RouteResponse, context: ChannelHandlerContext) {
        writeHead(response, contentLength: response.body.readableBytes, context: context)
        if !isHeadRequest, response.body.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(response.body))), promise: nil)
        }
        finish(context: context)
    }

    func writeHead(_ response: RouteResponse, contentLength: Int?, context: ChannelHandlerContext) {
        var headers = response.headers
        if let contentLength, response.status.mayHaveBody {
            headers.replaceOrAdd(name: "content-length", value: String(contentLength))
        }
        if !keepAlive { headers.replaceOrAdd(name: "connection", value: "close") }
        if isProxied { headers.add(name: "via", value: "1.1 afrun-fixtures") }
        let head = HTTPResponseHead(version: .http1_1, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }

    private func finish(context: ChannelHandlerContext) {
        producer = nil
        phase = .idle
        if keepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    /// Writes producer chunks while the channel is writable, serving the producer's pause before each chunk.
    private func pump(context: ChannelHandlerContext) {
        guard let producer, !producerWaiting else { return }
        while context.channel.isWritable {
            if !pauseServed, producer.pause > .zero {
                context.flush()
                producerWaiting = true
                context.eventLoop.assumeIsolated().scheduleTask(in: producer.pause) {
                    self.producerWaiting = false
                    self.pauseServed = true
                    if context.channel.isActive { self.pump(context: context) }
                }
                return
            }
            pauseServed = false
            guard let chunk = producer.nextChunk(allocator: context.channel.allocator) else {
                finish(context: context)
                return
            }
            context.write(wrapOutboundOut(.body(.byteBuffer(chunk))), promise: nil)
        }
        context.flush()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { pump(context: context) }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        producer = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

extension HTTPResponseStatus {
    /// Whether a response with this status carries a body (and so a Content-Length).
    fileprivate var mayHaveBody: Bool {
        !(code < 200 || code == 204 || code == 304)
    }
}

extension RouteHandler {
    /// The path and query of a request target: `uri` itself, or the part after the authority of an
    /// absolute-form `http://host/path?query`.
    static func originForm(of uri: String) -> Substring {
        guard uri.hasPrefix("http://") else { return Substring(uri) }
        let afterScheme = uri.dropFirst("http://".count)
        guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        return afterScheme[slash] == "?" ? Substring("/" + afterScheme[slash...]) : afterScheme[slash...]
    }
}
