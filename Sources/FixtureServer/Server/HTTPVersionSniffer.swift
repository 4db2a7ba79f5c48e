import NIOCore

/// Tells HTTP/2 prior knowledge (h2c) from HTTP/1 on the plain port by the connection preface.
///
/// It buffers the first bytes until they either diverge from `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n` or
/// match all 24 of them, lets the matching configurator build the rest of the pipeline, replays the
/// bytes and removes itself.
final class HTTPVersionSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    private let configureHTTP1: (any Channel) throws -> Void
    private let configureHTTP2: (any Channel) throws -> Void
    private var buffered: ByteBuffer?

    init(http1: @escaping (any Channel) throws -> Void, http2: @escaping (any Channel) throws -> Void) {
        configureHTTP1 = http1
        configureHTTP2 = http2
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        if buffered == nil { buffered = incoming } else { buffered!.writeBuffer(&incoming) }
        let view = buffered!.readableBytesView
        let compared = min(view.count, Self.preface.count)
        if !view.prefix(compared).elementsEqual(Self.preface.prefix(compared)) {
            decide(http2: false, context: context)
        } else if compared == Self.preface.count {
            decide(http2: true, context: context)
        }
    }

    private func decide(http2: Bool, context: ChannelHandlerContext) {
        do {
            try (http2 ? configureHTTP2 : configureHTTP1)(context.channel)
        } catch {
            context.close(promise: nil)
            return
        }
        if let bytes = buffered.take() {
            context.fireChannelRead(wrapInboundOut(bytes))
            context.fireChannelReadComplete()
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
