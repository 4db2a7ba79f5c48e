import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// `expect.redirects` and `expect.url`, against the fixture server's `/redirect-chain/{codes}`.
@Suite struct RedirectAssertionTests {
    @Test func countChainAndEffectiveURL() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "variables": {"last": "/get"}, "tests": [
                  {"name": "chain", "request": {"url": "redirect-chain/301,307,308"}, "expect": {
                    "status": 200,
                    "redirects": {"count": 3, "chain": [
                      {"status": 301, "location": "/redirect-chain/307,308"},
                      {"status": {"oneOf": [302, 307]}, "location": {"endsWith": "/308"}},
                      {"status": 308, "location": "{{last}}"}]},
                    "url": {"endsWith": "/get", "startsWith": "{{env.FIXTURES}}"}}},
                  {"name": "none", "request": {"url": "get"}, "expect": {"redirects": {"count": 0, "chain": []}}},
                  {"name": "not followed", "request": {"url": "redirect-chain/302", "followRedirects": false},
                   "expect": {"status": 302, "redirects": {"count": 0}, "url": {"endsWith": "/redirect-chain/302"}}},
                  {"name": "fails", "request": {"url": "redirect-chain/301,302"}, "expect": {
                    "redirects": {"count": {"lt": 2}, "chain": [{"status": 301}]}, "url": {"endsWith": "/post"}}},
                  {"name": "wrong hop", "request": {"url": "redirect-chain/301,302"}, "expect": {
                    "redirects": {"chain": [{"status": 301}, {"status": 307, "location": {"startsWith": "/x"}}]}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 5)
            for result in results.prefix(3) {
                #expect(result.status == .passed, "\(result.identity.testName): \(SuiteTextRun.failures(result))")
            }
            #expect(
                SuiteTextRun.failures(results[3]) == [
                    "count: expected lt 2, got 2",
                    "redirects.chain: expected 1 redirects, got 2 (301 /redirect-chain/302, 302 /get)",
                    "url: expected endsWith \"/post\", got \"\(server.httpURL.absoluteString.trimmingSuffix("/"))/get\"",
                ]
            )
            #expect(
                SuiteTextRun.failures(results[4]) == [
                    "chain[1].status: expected 307, got 302",
                    "chain[1].location: expected startsWith \"/x\", got \"/get\"",
                ]
            )
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
