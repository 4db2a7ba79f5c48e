import AFRunner
import FixtureServer
import Foundation
import Testing

/// afrun's default `User-Agent`, its override and removal, and headers sent once per array element.
@Suite(.serialized) struct HeaderFeatureTests {
    static func configuration() -> FixtureServer.Configuration {
        var c = FixtureServer.Configuration()
        c.tlsPort = nil
        c.tlsVariants = []
        return c
    }

    @Test func userAgentIsAfrunsByDefaultAndCanBeReplacedOrRemoved() async throws {
        try await withFixtureServer(Self.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "tests": [
                  {"name": "default", "request": {"url": "anything/default"}},
                  {"name": "override", "request": {"url": "anything/override", "headers": {"user-agent": "probe/1"}}},
                  {"name": "removed", "request": {"url": "anything/removed", "headers": {"User-Agent": null}}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let seen = Dictionary(
                server.recordedRequests.map { ($0.path, $0.headers.filter { $0.name.lowercased() == "user-agent" }) },
                uniquingKeysWith: { a, _ in a }
            )
            #expect(seen["/anything/default"]?.map(\.value) == [RequestBuilder.userAgent])
            #expect(RequestBuilder.userAgent.hasPrefix("afrun/"))
            #expect(seen["/anything/override"]?.map(\.value) == ["probe/1"])
            #expect(seen["/anything/removed"]?.isEmpty == true)
        }
    }

    @Test func aSuiteDefaultNullRemovesTheUserAgentAndATestMayAddItBack() async throws {
        try await withFixtureServer(Self.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"headers": {"User-Agent": null}}, "tests": [
                  {"name": "none", "request": {"url": "anything/none"}},
                  {"name": "own", "request": {"url": "anything/own", "headers": {"User-Agent": "mine"}}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let none = try #require(server.recordedRequests.first { $0.path == "/anything/none" })
            #expect(none.header("User-Agent") == nil)
            let own = try #require(server.recordedRequests.first { $0.path == "/anything/own" })
            #expect(own.header("User-Agent") == "mine")
        }
    }

    @Test func anArrayValueSendsTheHeaderOncePerElementInOrder() async throws {
        try await withFixtureServer(Self.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "variables": {"two": "b"},
                 "defaults": {"headers": {"X-Tag": "suite", "X-Keep": ["k1", "k2"]}}, "tests": [
                  {"name": "repeat", "request": {"url": "anything/r", "headers": {"X-Tag": ["a", "{{two}}", 3]}}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let request = try #require(server.recordedRequests.first { $0.path == "/anything/r" })
            #expect(request.headers.filter { $0.name == "X-Tag" }.map(\.value) == ["a", "b", "3"])
            #expect(request.headers.filter { $0.name == "X-Keep" }.map(\.value) == ["k1", "k2"])
        }
    }

    @Test func validateReportsAnEmptyArrayAndAnObjectValueWithTheirPlace() throws {
        let problems = try SuiteText.problems(
            """
            {"baseURL": "http://x", "tests": [
              {"name": "t", "request": {"url": "a", "headers": {"X-A": [], "X-B": {"v": 1}}}}
            ]}
            """
        )
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("suite.json:2:") && $0.contains("X-A") && $0.contains("null") })
        #expect(problems.contains { $0.contains("suite.json:2:") && $0.contains("X-B") && $0.contains("an array") })
    }
}
