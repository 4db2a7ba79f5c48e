import AFRunner
import FixtureServer
import Foundation
import Testing

/// `queryFormat`, `delayMs`, `http`, `maxRedirects` and `redirectCredentials`, in `defaults` and in a test.
@Suite(.serialized) struct RequestSettingsTests {
    @Test func queryFormatLaysOutArraysInQueriesAndForms() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"queryFormat": "repeat"}, "tests": [
                  {"name": "repeat", "request": {"url": "anything/repeat", "query": {"a": [1, 2], "b": "x y"}}},
                  {"name": "comma", "request": {"url": "anything/comma?k=v", "queryFormat": "comma",
                     "query": {"a": [1, "x,y"], "b": 3}}},
                  {"name": "brackets", "request": {"url": "anything/brackets", "queryFormat": "brackets",
                     "query": {"a": [1, 2]}}},
                  {"name": "form", "request": {"method": "POST", "url": "anything/form", "form": {"a": ["p", "q"]}},
                   "expect": {"json": [{"path": "$.data", "equals": "a=p&a=q"},
                                       {"path": "$.headers['Content-Type']", "equals": "application/x-www-form-urlencoded"}]}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let uris = server.recordedRequests.map(\.uri)
            #expect(uris.contains("/anything/repeat?a=1&a=2&b=x%20y"), "\(uris)")
            #expect(uris.contains("/anything/comma?k=v&a=1,x%2Cy&b=3"), "\(uris)")
            #expect(uris.contains("/anything/brackets?a%5B%5D=1&a%5B%5D=2"), "\(uris)")
        }
    }

    @Test func delayMsPausesBeforeTheRequest() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let started = ContinuousClock.now
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"delayMs": 150}, "tests": [
                  {"name": "a", "request": {"url": "get"}},
                  {"name": "b", "request": {"url": "get", "delayMs": 200}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            // Sleeping is a lower bound on any machine: the two pauses alone take 350 ms.
            #expect(ContinuousClock.now - started >= .milliseconds(350))
        }
    }

    @Test func httpVersionIsAskedForPerRequest() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"http": "1.0"}, "tests": [
                  {"name": "one", "request": {"url": "anything/one"}},
                  {"name": "h2c", "request": {"url": "anything/h2c", "http": "2-prior-knowledge"}},
                  {"name": "eleven", "request": {"url": "anything/eleven", "http": "1.1"}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let versions = Dictionary(
                server.recordedRequests.map { ($0.path, $0.httpVersion) },
                uniquingKeysWith: { a, _ in a }
            )
            #expect(versions["/anything/one"] == "HTTP/1.0")
            #expect(versions["/anything/h2c"] == "HTTP/2")
            #expect(versions["/anything/eleven"] == "HTTP/1.1")
        }
    }

    @Test func maxRedirectsDefaultsTo50AndLimitsTheChain() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "tests": [
                  {"name": "twenty", "request": {"url": "redirect/20"}, "expect": {"status": 200}},
                  {"name": "limited", "request": {"url": "redirect/3", "maxRedirects": 2}, "expect": {"status": 200}},
                  {"name": "enough", "request": {"url": "redirect/3", "maxRedirects": 3}, "expect": {"status": 200}}
                ]}
                """,
                server: server
            )
            #expect(results.named("twenty")?.status == .passed, "\(results.problems)")
            #expect(results.named("enough")?.status == .passed, "\(results.problems)")
            #expect(results.named("limited")?.status == .error, "\(results.problems)")
        }
    }

    @Test func redirectCredentialsAlwaysSendsAuthorizationToAnotherHost() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let port = try #require(server.httpURL.port)
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"basicAuth": {"username": "u", "password": "p4ss-word"}}, "tests": [
                  {"name": "same", "request": {"url": "redirect-to", "query": {"url": "http://localhost:\(port)/anything/same"}}},
                  {"name": "always", "request": {"url": "redirect-to", "redirectCredentials": "always",
                     "query": {"url": "http://localhost:\(port)/anything/always"}}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let same = try #require(server.recordedRequests.first { $0.path == "/anything/same" })
            let always = try #require(server.recordedRequests.first { $0.path == "/anything/always" })
            #expect(same.header("Authorization") == nil)
            #expect(always.header("Authorization")?.hasPrefix("Basic ") == true)
        }
    }

    @Test func validateNamesTheAllowedValues() throws {
        let problems = try SuiteText.problems(
            """
            {"baseURL": "http://x", "defaults": {"queryFormat": "bracket", "http": "3"}, "tests": [
              {"name": "t", "request": {"url": "a", "delayMs": -1, "maxRedirects": "5", "redirectCredentials": "never"}}
            ]}
            """
        )
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.contains { $0.contains("suite.json:1:") && $0.contains("bracket") })
        #expect(problems.contains { $0.contains("suite.json:1:") && $0.contains("`3`") })
        #expect(problems.contains { $0.contains("suite.json:2:") && $0.contains("delayMs") })
        #expect(problems.contains { $0.contains("suite.json:2:") && $0.contains("maxRedirects") })
        #expect(problems.contains { $0.contains("suite.json:2:") && $0.contains("never") })
    }
}
