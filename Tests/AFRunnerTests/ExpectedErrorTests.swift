import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// `expect.error`: the transport error a test expects passes it; anything else fails it.
@Suite struct ExpectedErrorTests {
    @Test func theExpectedTransportErrorPassesTheTest() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "timed out", "request": {"url": "delay/3000", "timeout": 0.3},
                   "expect": {"error": "timedOut", "status": 200, "json": [{"path": "$.never", "exists": true}]}},
                  {"name": "refused", "request": {"url": "http://127.0.0.1:1/"}, "expect": {"error": "cannotConnect"}},
                  {"name": "redirect loop", "request": {"url": "redirect/3", "maxRedirects": 1},
                   "expect": {"error": "tooManyRedirects"}},
                  {"name": "another error", "request": {"url": "http://127.0.0.1:1/"}, "expect": {"error": "timedOut"}},
                  {"name": "a response", "request": {"url": "get"}, "expect": {"error": "timedOut", "status": 200}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 5)
            for result in results.prefix(3) {
                #expect(result.status == .passed, "\(result.identity.testName): \(result.failureMessages)")
                #expect(result.error == nil)
                #expect(result.assertions.map(\.kind) == ["error"])
            }
            #expect(results[3].status == .failed)
            let other = SuiteTextRun.failures(results[3])
            #expect(other.count == 1 && other[0].hasPrefix("error: expected timedOut, got cannotConnect ("), "\(other)")
            #expect(results[4].status == .failed)
            #expect(SuiteTextRun.failures(results[4]) == ["error: expected timedOut, got a response (status 200)"])
        }
    }
}
