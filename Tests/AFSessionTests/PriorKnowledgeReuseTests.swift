import FixtureServer
import Foundation
import Testing

@testable import AFSession

/// More than one request with HTTP/2 prior knowledge (h2c) to one server. libcurl 7.88 fails a transfer it
/// puts on an h2c connection that another transfer opened ("Error in the HTTP2 framing layer", before
/// anything is sent), so every request after a session's first one failed, and so did a second stream beside
/// a running one; over TLS (ALPN) the same requests share the connection and pass.
struct PriorKnowledgeReuseTests {
    @Test func requestsOneAfterAnotherAllSucceed() async throws {
        try await withFixture(configure: { $0.httpVersion = .http2PriorKnowledge }) { server, session in
            for path in ["/get", "/anything", "/get"] {
                let response = try await session.data(for: HTTPRequest(url: server.url(path)))
                #expect(response.response.statusCode == 200, "\(path)")
                #expect(response.metrics.httpVersion == .http2, "\(path)")
            }
        }
    }

    @Test func aSecondStreamBesideARunningOneSucceeds() async throws {
        // One transfer thread: both requests go through one multi handle, which would put them on one connection.
        try await withFixture(configure: {
            $0.httpVersion = .http2PriorKnowledge
            $0.transferThreads = 1
        }) { server, session in
            // Answered after ten minutes, cancelled long before: it runs for the whole test.
            let holder = session.dataTask(with: HTTPRequest(url: server.url("/delay/600000"))) { _ in }
            holder.resume()
            defer { holder.cancel() }
            while server.recordedRequests(path: "/delay/600000").isEmpty {
                try await Task.sleep(for: .milliseconds(10))
            }
            let beside = try await session.data(for: HTTPRequest(url: server.url("/get")))
            #expect(beside.response.statusCode == 200)
            #expect(beside.metrics.httpVersion == .http2)
            // A redirect's next request looks for a connection again, and finds the running stream's.
            let redirected = try await session.data(for: HTTPRequest(url: server.url("/redirect/2")))
            #expect(redirected.response.statusCode == 200)
            #expect(redirected.metrics.redirectCount == 2)
        }
    }
}
