import AFRunner
import FixtureServer
import Foundation
import Testing

/// `proxy` in `defaults` and in a test, against the fixture server acting as a plain HTTP proxy.
@Suite(.serialized) struct ProxyFeatureTests {
    @Test func suiteAndTestProxies() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "variables": {"proxy": "{{base}}"}, "defaults": {"proxy": "{{proxy}}"}, "tests": [
                  {"name": "through the suite's proxy", "request": {"url": "http://afrun-proxy.invalid/anything/p"},
                   "expect": {"status": 200, "headers": {"Via": "1.1 afrun-fixtures"},
                              "json": [{"path": "$.url", "equals": "http://afrun-proxy.invalid/anything/p"}]}},
                  {"name": "direct", "request": {"url": "anything/d", "proxy": ""},
                   "expect": {"status": 200, "headers": {"Via": {"exists": false}}}},
                  {"name": "a closed proxy", "request": {"url": "anything/closed", "proxy": "http://127.0.0.1:1"}}
                ]}
                """,
                server: server
            )
            #expect(results.named("through the suite's proxy")?.status == .passed, "\(results.problems)")
            #expect(results.named("direct")?.status == .passed, "\(results.problems)")
            #expect(results.named("a closed proxy")?.status == .error, "\(results.problems)")
            let uris = server.recordedRequests.map(\.uri)
            #expect(uris == ["http://afrun-proxy.invalid/anything/p", "/anything/d"], "\(uris)")
        }
    }

    @Test func validateChecksTheProxyScheme() throws {
        let problems = try SuiteText.problems(
            """
            {"baseURL": "http://x", "defaults": {"proxy": "ftp://proxy:21"}, "tests": [
              {"name": "a", "request": {"url": "a", "proxy": "socks5h://127.0.0.1:1080"}},
              {"name": "b", "request": {"url": "b", "proxy": 8080}}
            ]}
            """
        )
        #expect(problems.contains { $0.contains("suite.json:1:") && $0.contains("is not a proxy URL") }, "\(problems)")
        #expect(problems.contains { $0.contains("suite.json:3:") && $0.contains("proxy") })
        #expect(problems.count == 2, "\(problems)")
    }
}
