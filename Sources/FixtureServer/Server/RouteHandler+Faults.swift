import NIOCore
import NIOHTTP1
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

/// The `/fault/...` behaviours, carried out below the HTTP layer where they must be.
extension RouteHandler {
    func perform(_ fault: Fault, context: ChannelHandlerContext) {
        keepAlive = false
        let announced = RouteResponse.bytes([], contentType: "application/octet-stream")
        switch fault {
        case .neverRespond:
            break  // The connection stays open until the client gives up or the server shuts down.
        case .closeAfterHeaders:
            writeHead(announced, contentLength: 1024, context: context)
            context.flush()
            closeCleanly(context: context)
        case .truncated:
            writeHead(announced, contentLength: 1024, context: context)
            context.write(
                wrapOutboundOut(.body(.byteBuffer(ByteBuffer(repeating: UInt8(ascii: "x"), count: 100)))),
                promise: nil
            )
            context.flush()
            closeCleanly(context: context)
        case .reset:
            writeHead(announced, contentLength: 1024 * 1024, context: context)
            let part = ByteBuffer(repeating: UInt8(ascii: "r"), count: 4096)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(part)))).assumeIsolated().whenComplete { _ in
                // A moment for the client to read the head and the first bytes, so the reset lands mid-body.
                context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(50)) {
                    Self.reset(self.isHTTP2 ? context.channel.parent ?? context.channel : context.channel)
                }
            }
        case .malformedStatus:
            let raw = "HTTP/1.1 OK200 Broken\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            guard writeRaw(raw, context: context) else {
                context.close(promise: nil)  // HTTP/2 has no status line to break: reset the stream.
                return
            }
            closeCleanly(context: context)
        case .longHeader:
            let raw =
                "HTTP/1.1 200 OK\r\nx-long: " + String(repeating: "a", count: 200 * 1024)
                + "\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            guard writeRaw(raw, context: context) else {
                context.close(promise: nil)  // HTTP/2's header limits are the codec's: reset the stream.
                return
            }
            closeCleanly(context: context)
        case .slowHeaders(let delay):
            let body = #"{"slow":"headers"}"#
            guard writeRaw("HTTP/1.1 200 OK\r\n", context: context) else {
                // HTTP/2 has no status line to send alone: answer late instead.
                perform(.delayed(delay, .json(["slow": "headers"])), context: context)
                return
            }
            context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
                let rest =
                    "content-type: application/json\r\ncontent-length: \(body.utf8.count)\r\n"
                    + "connection: close\r\n\r\n\(body)"
                guard self.writeRaw(rest, context: context) else { return }
                self.closeCleanly(context: context)
            }
        }
    }

    /// Writes bytes below the HTTP/1 encoder (through TLS when there is TLS); false on HTTP/2.
    private func writeRaw(_ text: String, context: ChannelHandlerContext) -> Bool {
        guard !isHTTP2,
            let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        else { return false }
        encoder.writeAndFlush(NIOAny(ByteBuffer(string: text)), promise: nil)
        return true
    }

    /// Closes after pending writes, with a TLS close_notify when there is TLS, so the client sees an
    /// orderly end of a short body (curl: 18) rather than an error.
    private func closeCleanly(context: ChannelHandlerContext) {
        let channel = context.channel
        context.eventLoop.assumeIsolated().execute {
            channel.close(promise: nil)
        }
    }

    /// Resets a TCP connection: SO_LINGER 0 and a close that bypasses TLS, so the kernel sends RST.
    /// - Parameter socket: the connection's channel (for HTTP/2, the parent of the stream channel).
    static func reset(_ socket: any Channel) {
        guard let provider = socket as? any SocketOptionProvider else {
            socket.close(promise: nil)
            return
        }
        provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
            if let tls = try? socket.pipeline.syncOperations.context(handlerType: NIOSSLServerHandler.self) {
                tls.close(promise: nil)
            } else {
                socket.close(promise: nil)
            }
        }
    }
}
