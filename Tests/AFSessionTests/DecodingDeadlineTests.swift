import AFSession
import Foundation
import Testing

/// libcurl checks its time limit between reads; a compressed body that decodes to far more than it is (14 KiB
/// of brotli for 16 GiB) would decode for a minute inside one read. The session stops it at the limit.
struct DecodingDeadlineTests {
    @Test(arguments: [false, true])
    func aDecompressionBombStopsAtTheTimeout(measuresEncodedBody: Bool) async throws {
        try await withFixture { server, session in
            // 16 GiB take tens of seconds to decode on any machine; the limit is three.
            var request = HTTPRequest(url: server.url("/brotli-bomb/16"), timeout: .seconds(3))
            request.measuresEncodedBody = measuresEncodedBody
            do {
                let response = try await session.data(for: request)
                Issue.record("expected .timedOut, got \(response.response.statusCode) and \(response.data.count) bytes")
            } catch {
                guard case .timedOut(let phase, let failure)? = error as? SessionError else {
                    Issue.record("expected .timedOut, got \(error)")
                    return
                }
                #expect(phase == .total)
                #expect(failure.code == .operationTimedOut)
                // libcurl's own limit, checked only between reads, would say "… bytes received" after decoding it all.
                #expect(failure.message.contains("body bytes decoded from the "), "\(failure.message)")
                // The bytes sent, beside the bytes decoded: a few KiB of brotli, not a slow gigabyte download.
                #expect(failure.message.contains(" bytes received (Content-Encoding: br;"), "\(failure.message)")
            }
        }
    }
}
