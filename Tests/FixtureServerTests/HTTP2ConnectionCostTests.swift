import Foundation
import TestSupport
import Testing

/// What one HTTP/2 connection costs the server's process. swift-nio-http2 reserves room for each rate
/// limit's `maximumCount` timestamps when a connection starts: budgets of `Int32.max` reserved 16 GiB of
/// address space three times per connection, and under ThreadSanitizer freeing it held the event loop for
/// seconds after every h2 connection ended.
@Suite struct HTTP2ConnectionCostTests {
    @Test func anOpenH2CConnectionReservesLittleAddressSpace() async throws {
        try await withServer { server in
            let before = try Self.addressSpace()
            // Held open by an answer that takes ten minutes; killed once the size is read.
            let curl = ChildProcess()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = [
                "-sS", "-o", "/dev/null", "--http2-prior-knowledge",
                server.http2PriorKnowledgeURL.absoluteString + "/delay/600000",
            ]
            curl.standardError = FileHandle.nullDevice
            try curl.run()
            // The server has set the connection up once the request is recorded.
            while server.recordedRequests(path: "/delay/600000").isEmpty, curl.isRunning {
                try await Task.sleep(for: .milliseconds(10))
            }
            let during = try Self.addressSpace()
            kill(curl.processIdentifier, SIGKILL)
            await curl.waitUntilExit()
            #expect(!server.recordedRequests(path: "/delay/600000").isEmpty, "curl ended before its request arrived")
            // Other tests of this process allocate meanwhile, but not gibibytes; one such connection added 48 GiB.
            #expect(during - before < 8 << 30, "the connection reserved \((during - before) >> 20) MiB")
        }
    }

    /// This process's virtual memory size (`VmSize`), in bytes.
    static func addressSpace() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmSize:") })
        let kibibytes = line.dropFirst("VmSize:".count).split(whereSeparator: \.isWhitespace).first
        return try #require(kibibytes.flatMap { Int($0) }) << 10
    }
}
