import Foundation
import NIOCore
import NIOHTTP1

/// Bodies sent over time: `/bytes/{n}`, `/stream/{n}`, `/stream-bytes/{n}`, `/drip`, `/delay/{ms}`.
enum StreamingRoutes {
    static var routes: [Route] {
        [
            Route("/bytes/{n}") { request in
                guard let count = request.intParameter("n"), count >= 0 else {
                    return .error(.badRequest, "n must be a non-negative byte count")
                }
                let seed = request.queryValue("seed").flatMap(UInt64.init) ?? FixtureServer.defaultBytesSeed
                var head = RouteResponse(headers: ["content-type": "application/octet-stream"])
                head.headers.add(name: "content-length", value: String(count))
                return .stream(head, GeneratedBytes(count: count, seed: seed))
            },
            Route("/stream/{n}") { request in
                guard let count = request.intParameter("n"), count >= 0 else {
                    return .error(.badRequest, "n must be >= 0")
                }
                var line = request.echoObject
                line.removeValue(forKey: "data")
                return .stream(
                    RouteResponse(headers: ["content-type": "application/x-ndjson"]),
                    JSONLines(count: count, template: line)
                )
            },
            Route("/drip", methods: nil) { request in
                let count = request.queryValue("numbytes").flatMap(Int.init) ?? 10
                let duration = request.queryValue("duration").flatMap(Double.init) ?? 2
                let delay = request.queryValue("delay").flatMap(Double.init) ?? 0
                let code = request.queryValue("code").flatMap(Int.init) ?? 200
                guard count >= 0, duration >= 0, delay >= 0 else {
                    return .error(.badRequest, "negative drip parameter")
                }
                var head = RouteResponse(
                    status: HTTPResponseStatus(statusCode: code),
                    headers: ["content-type": "application/octet-stream"]
                )
                head.headers.add(name: "content-length", value: String(count))
                return .stream(head, Drip(count: count, duration: duration, delay: delay))
            },
            Route("/delay/{ms}", methods: nil) { request in
                guard let milliseconds = request.intParameter("ms"), (0...600_000).contains(milliseconds) else {
                    return .error(.badRequest, "ms must be from 0 to 600000")
                }
                return .delayed(.milliseconds(Int64(milliseconds)), .json(request.echoObject))
            },
        ]
    }
}

/// `/bytes/{n}`: the deterministic stream of ``FixtureServer/bytes(count:seed:)`` in 64 KiB chunks.
final class GeneratedBytes: ChunkProducer {
    private var generator: DeterministicBytes
    private var remaining: Int
    let pause = TimeAmount.zero

    init(count: Int, seed: UInt64) {
        generator = DeterministicBytes(seed: seed)
        remaining = count
    }

    func nextChunk(allocator: ByteBufferAllocator) -> ByteBuffer? {
        guard remaining > 0 else { return nil }
        let size = min(remaining, 64 * 1024)
        remaining -= size
        var buffer = allocator.buffer(capacity: size)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { raw in
            generator.fill(UnsafeMutableRawBufferPointer(rebasing: raw[0..<size]))
            return size
        }
        return buffer
    }
}

/// `/stream/{n}`: n JSON lines, each the echo object with an `id`.
final class JSONLines: ChunkProducer {
    private let count: Int
    private let template: [String: Any]
    private var next = 0
    let pause = TimeAmount.zero

    init(count: Int, template: [String: Any]) {
        self.count = count
        self.template = template
    }

    func nextChunk(allocator: ByteBufferAllocator) -> ByteBuffer? {
        guard next < count else { return nil }
        var object = template
        object["id"] = next
        next += 1
        var buffer = RouteResponse.json(object).body
        buffer.writeString("\n")
        return buffer
    }
}

/// `/drip`: `count` bytes spread over `duration` seconds after `delay` seconds.
final class Drip: ChunkProducer {
    private var remaining: Int
    private let interval: TimeAmount
    private var firstPause: TimeAmount?

    init(count: Int, duration: Double, delay: Double) {
        remaining = count
        interval = .nanoseconds(count > 0 ? Int64(duration * 1e9 / Double(count)) : 0)
        firstPause = .nanoseconds(Int64(delay * 1e9))
    }

    var pause: TimeAmount { firstPause ?? interval }

    func nextChunk(allocator: ByteBufferAllocator) -> ByteBuffer? {
        firstPause = nil
        guard remaining > 0 else { return nil }
        remaining -= 1
        return ByteBuffer(string: "*")
    }
}
