import AFRunner
import FixtureServer
import Foundation
import Testing

/// A server's `Location` may name any scheme; afrun follows only http and https.
@Suite(.serialized) struct RedirectSchemeTests {
    /// An `ftp://` target is the fixture server's own port: were the redirect followed, libcurl would wait
    /// there for an FTP greeting until the test's timeout, so the error would be `timedOut`.
    @Test(arguments: ["ftp", "ftps", "gopher", "dict", "file", "scp"])
    func aRedirectToAnotherSchemeIsRefusedAtOnce(scheme: String) async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let port = server.httpURL.port ?? 0
            let target = scheme == "file" ? "file:///etc/passwd" : "\(scheme)://127.0.0.1:\(port)/x"
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"timeout": 20}, "tests": [
                  {"name": "away", "request": {"url": "redirect-to", "query": {"url": "\(target)"}}}
                ]}
                """,
                server: server
            )
            let error = try #require(results.first?.error, "\(results.problems)")
            #expect(error.kind == "invalidResponse", "\(error)")
            #expect(error.message.contains("a redirect to a scheme other than http and https"), "\(error.message)")
            #expect(error.message.contains("\"followRedirects\": false"), "\(error.message)")
        }
    }

    @Test func theRedirectItselfCanStillBeChecked() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "tests": [
                  {"name": "own", "request": {"url": "redirect-to", "query": {"url": "ftp://example.com/x"},
                     "followRedirects": false},
                   "expect": {"status": 302, "headers": {"Location": "ftp://example.com/x"}}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
        }
    }
}
