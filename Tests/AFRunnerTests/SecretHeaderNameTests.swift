import AFRunner
import FixtureServer
import Foundation
import Testing

/// A header name built from a secret (`"X-{{key}}": …`) is masked in the result, as its value would be.
@Suite struct SecretHeaderNameTests {
    @Test func aHeaderNameHoldingASecretIsMasked() async throws {
        try await withFixtureServer { server in
            let results = try await SuiteTextRun.results(
                """
                {"name": "Names", "baseURL": "{{env.FIXTURES}}",
                 "variables": {"key": {"value": "k3y-material-77", "secret": true}},
                 "tests": [{"name": "send", "request": {"url": "headers", "headers": {"X-{{key}}": "v"}},
                            "expect": {"status": 299}}]}
                """,
                on: server
            )
            let result = try #require(results.first)
            let names = result.request?.headers.map(\.name) ?? []
            #expect(names.contains("X-***"), "\(names)")
            #expect(!names.joined().contains("k3y-material-77"), "\(names)")
            // The server did get the header as written.
            #expect(server.recordedRequests.last?.header("X-k3y-material-77") == "v")
        }
    }
}
