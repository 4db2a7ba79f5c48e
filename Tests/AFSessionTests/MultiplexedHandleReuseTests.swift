import FixtureServer
import Foundation
import Testing

@testable import AFSession

/// A request that finishes while its HTTP/2 connection still carries another stream leaves nothing behind
/// for the next request given its handle. libcurl 7.88's `multi_done` stops early when the connection is
/// still in use ("Connection still in use, no more multi_done now!") and keeps the handle's receive
/// buffer past `curl_easy_reset`; the pooled handle then refused `CURLOPT_BUFFERSIZE`, and the next
/// request of the session failed with "libcurl refused setopt 98".
struct MultiplexedHandleReuseTests {
    @Test func requestAfterAStreamThatEndedBesideAnotherSucceeds() async throws {
        let bundle = try #require(caBundle)
        // One transfer thread, so every request shares one handle pool; HTTPS so the streams multiplex on h2.
        try await withFixture(
            tls: true,
            configure: {
                $0.transferThreads = 1
                $0.securityPolicy = SecurityPolicy(trustStore: .caFile(bundle))
            }
        ) { server, session in
            func url(_ path: String) -> URL { URL(string: server.httpsURL.absoluteString + path)! }
            // Holds the connection: answered after ten minutes, cancelled long before.
            let holder = session.dataTask(with: HTTPRequest(url: url("/delay/600000"))) { _ in }
            holder.resume()
            while server.recordedRequests(path: "/delay/600000").isEmpty {
                try await Task.sleep(for: .milliseconds(10))
            }
            // Ends beside the held stream: its handle goes back to the pool still holding libcurl's buffer.
            let beside = try await session.data(for: HTTPRequest(url: url("/get")))
            #expect(beside.metrics.httpVersion == .http2)
            #expect(beside.metrics.connectionReused)
            // The pool's last handle first: these get that one.
            for _ in 0..<3 {
                let next = try await session.data(for: HTTPRequest(url: url("/get")))
                #expect(next.response.statusCode == 200)
            }
            holder.cancel()
        }
    }
}
