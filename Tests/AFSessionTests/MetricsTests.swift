import AFSession
import Foundation
import Testing

/// libcurl's timings and sizes on real transfers.
struct MetricsTests {
    @Test func delayShowsInTimeToFirstByteAndWait() async throws {
        try await withFixture { server, session in
            let metrics = try await session.data(for: HTTPRequest(url: server.url("/delay/300"))).metrics
            #expect(metrics.timeToFirstByte >= .milliseconds(300))
            #expect(metrics.wait >= .milliseconds(290))
            #expect(metrics.total >= metrics.timeToFirstByte)
            #expect(metrics.dns + metrics.connect + metrics.tlsHandshake <= metrics.timeToFirstByte)
        }
    }

    @Test func firstTransferConnectsAndTheNextReusesTheConnection() async throws {
        try await withFixture { server, session in
            let first = try await session.data(for: HTTPRequest(url: server.url("/bytes/1000"))).metrics
            let second = try await session.data(for: HTTPRequest(url: server.url("/bytes/1000"))).metrics
            #expect(first.connectionReused == false)
            #expect(first.connect > .zero)
            #expect(second.connectionReused)
            #expect(second.connect == .zero)
            #expect(second.dns == .zero)
            #expect(second.localPort == first.localPort)
        }
    }

    /// `maxConnectionsPerHost` = 1 queues concurrent requests on one connection: one local port.
    /// Without the cap these overlapping delayed requests would each open their own.
    @Test func perHostCapKeepsConcurrentRequestsOnOneConnection() async throws {
        try await withFixture(configure: { $0.maxConnectionsPerHost = 1 }) { server, session in
            let ports = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await session.data(for: HTTPRequest(url: server.url("/delay/50"))).metrics.localPort
                    }
                }
                var ports: Set<Int?> = []
                for try await port in group { ports.insert(port) }
                return ports
            }
            #expect(ports.count == 1)
            #expect(ports.first != .some(nil))
        }
    }

    @Test func sizesAddressesAndVersionAreReported() async throws {
        try await withFixture { server, session in
            let request = HTTPRequest(
                url: server.url("/anything"),
                method: .post,
                body: .data(Data(repeating: 0x41, count: 1234))
            )
            let response = try await session.data(for: request)
            let metrics = response.metrics
            #expect(metrics.requestBodyBytes == 1234)
            #expect(metrics.requestHeaderBytes > 0)
            #expect(metrics.responseHeaderBytes > 0)
            #expect(metrics.responseBodyBytes == Int64(response.data.count))
            #expect(metrics.httpVersion == .http1_1)
            #expect(metrics.remoteIP == "127.0.0.1")
            #expect(metrics.remotePort == server.httpURL.port)
            #expect(metrics.localIP == "127.0.0.1")
            #expect(metrics.localPort != nil)
            #expect(metrics.redirectCount == 0)
            #expect(metrics.tlsEvidence == nil)
        }
    }

    @Test func redirectsAreCountedAndTimed() async throws {
        try await withFixture { server, session in
            let metrics = try await session.data(for: HTTPRequest(url: server.url("/redirect/2"))).metrics
            #expect(metrics.redirectCount == 2)
            #expect(metrics.redirect > .zero)
            #expect(metrics.redirect <= metrics.total)
        }
    }

    @Test func h2cPriorKnowledgeIsUsedWhenAsked() async throws {
        try await withFixture(configure: { $0.httpVersion = .http2PriorKnowledge }) { server, session in
            let response = try await session.data(for: HTTPRequest(url: server.url("/get")))
            #expect(response.metrics.httpVersion == .http2)
            #expect(response.response.httpVersion == .http2)
        }
    }
}
