import AFSession
import Foundation
import Testing

/// libcurl follows redirects to ftp:// by default; the session allows http and https only.
struct RedirectProtocolTests {
    /// The FTP target is the fixture server itself: followed, libcurl would wait for an FTP greeting there
    /// until the timeout.
    @Test func aRedirectToFTPEndsAsUnsupportedProtocolWithoutConnecting() async throws {
        try await withFixture(configure: { $0.timeout = .seconds(20) }) { server, session in
            let port = server.httpURL.port ?? 0
            do {
                _ = try await session.data(
                    for: HTTPRequest(url: server.url("/redirect-to?url=ftp://127.0.0.1:\(port)/x"))
                )
                Issue.record("expected .invalidResponse")
            } catch {
                guard case .invalidResponse(let failure)? = error as? SessionError else {
                    Issue.record("expected .invalidResponse, got \(error)")
                    return
                }
                #expect(failure.code == .unsupportedProtocol)
            }
        }
    }
}
