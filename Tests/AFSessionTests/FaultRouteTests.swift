import AFSession
import Foundation
import Testing

/// Each fixture fault route ends in the error case a caller would switch on, with libcurl's code.
struct FaultRouteTests {
    static let faults: [(String, String, UInt32)] = [
        ("/fault/reset", "connectionLost", 56),
        ("/fault/close-after-headers", "connectionLost", 18),
        ("/fault/truncated", "connectionLost", 18),
        ("/fault/malformed-status", "invalidResponse", 1),
        ("/fault/never-respond", "timedOut", 28),
        ("/fault/long-header", "invalidResponse", 27),
    ]

    @Test(arguments: faults)
    func faultMapsToItsCase(path: String, expected: String, code: UInt32) async throws {
        try await withFixture(configure: { $0.httpVersion = .http1_1 }) { server, session in
            // Only never-respond should reach the timeout; the others get a budget no loaded machine
            // (or ThreadSanitizer) exhausts before the fault itself arrives.
            let budget: Duration = expected == "timedOut" ? .milliseconds(500) : .seconds(20)
            let request = HTTPRequest(url: server.url(path), timeout: budget)
            do {
                let response = try await session.data(for: request)
                Issue.record("\(path) must fail, got \(response.response.statusCode)")
            } catch let error as SessionError {
                #expect(error.caseName == expected)
                let failure = try #require(error.transportFailure)
                #expect(failure.code.rawValue == code)
                #expect(!failure.message.isEmpty)
                #expect(failure.request.url.path == path)
                if case .timedOut(let phase, _) = error { #expect(phase == .total) }
            }
        }
    }

    /// libcurl says "Out of memory" for a header line past its limit; the message says what happened.
    @Test func aHeaderLinePastLibcurlsLimitIsNamedNotOutOfMemory() async throws {
        try await withFixture(configure: { $0.httpVersion = .http1_1 }) { server, session in
            do {
                _ = try await session.data(for: HTTPRequest(url: server.url("/fault/long-header")))
                Issue.record("expected .invalidResponse")
            } catch {
                guard case .invalidResponse(let failure)? = error as? SessionError else {
                    Issue.record("expected .invalidResponse, got \(error)")
                    return
                }
                #expect(failure.message.hasPrefix("a response header line is longer than libcurl's limit of 100 KiB"))
            }
        }
    }
}
