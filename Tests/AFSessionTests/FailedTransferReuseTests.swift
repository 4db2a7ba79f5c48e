import Foundation
import Testing

@testable import AFSession

/// A transfer that fails leaves nothing behind for the next request of the session: libcurl 7.88 keeps a DNS
/// failure's receive buffer past `curl_easy_reset`, and a reused handle then refused `CURLOPT_BUFFERSIZE`, so every
/// later request given that handle failed with "libcurl refused setopt 98".
struct FailedTransferReuseTests {
    @Test func requestsAfterADNSFailureSucceed() async throws {
        // One transfer thread: every request goes to the loop (and the handle pool) the failed one used.
        try await withFixture(configure: { $0.transferThreads = 1 }) { server, session in
            // `.invalid` never resolves (RFC 6761).
            let unresolvable = HTTPRequest(url: URL(string: "http://afrun-reuse.invalid/get")!)
            do throws(SessionError) {
                _ = try await session.data(for: unresolvable)
                Issue.record("a request to a .invalid host got a response")
            } catch {
                guard case .dnsFailure = error else {
                    Issue.record("expected dnsFailure, got \(error)")
                    return
                }
            }
            for _ in 0..<3 {
                let response = try await session.data(for: HTTPRequest(url: server.url("/get")))
                #expect(response.response.statusCode == 200)
            }
        }
    }
}
