import AFRunner
import FixtureServer
import Foundation
import Testing

/// `{{$uuid}}` and the other generated values: sent, kept in the result, reproducible with a seed.
@Suite(.serialized) struct GeneratedValueTests {
    static let suite = """
        {"baseURL": "{{base}}", "tests": [
          {"name": "gen", "request": {"method": "POST", "url": "post",
             "headers": {"X-Request-Id": "{{$uuid}}", "X-Other": "{{$uuid}}"},
             "json": {"n": "{{$randomInt(1,1000000)}}", "s": "{{$randomString(12)}}", "t": "{{$timestamp}}",
                      "iso": "{{$isoTimestamp}}", "text": "{{$randomInt(5,5) | string}}"}},
           "expect": {"status": 200, "json": [
             {"path": "$.json.n", "type": "integer", "gte": 1, "lte": 1000000},
             {"path": "$.json.s", "matches": "^[A-Za-z0-9]{12}$"},
             {"path": "$.json.t", "type": "integer"},
             {"path": "$.json.iso", "matches": "^\\\\d{4}-\\\\d{2}-\\\\d{2}T\\\\d{2}:\\\\d{2}:\\\\d{2}\\\\.\\\\d{3}Z$"},
             {"path": "$.json.text", "equals": "5"}
           ]}}
        ]}
        """

    static func run(seed: UInt64?, server: FixtureServer) async throws -> TestResult {
        var options = RunOptions()
        options.seed = seed
        let results = try await SuiteText.run(suite, server: server, options: options)
        return try #require(results.named("gen"))
    }

    @Test func generatedValuesAreSentAndKeptInTheResult() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let result = try await Self.run(seed: nil, server: server)
            #expect(result.status == .passed, "\(result.failureMessages)")
            let uuid = try #require(result.captures["$uuid"])
            let second = try #require(result.captures["$uuid#2"])
            #expect(uuid != second)
            #expect(uuid.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
            let sent = try #require(server.recordedRequests.last)
            #expect(sent.header("X-Request-Id") == uuid)
            #expect(sent.header("X-Other") == second)
            let now = Int(Date().timeIntervalSince1970)
            let stamp = try #require(result.captures["$timestamp"].flatMap { Int($0) })
            #expect(abs(now - stamp) < 3600)
            #expect(result.captures["$randomString(12)"]?.count == 12)
            #expect(result.captures["$randomInt(5,5)"] == "5")
        }
    }

    @Test func theSameSeedGivesTheSameRandomValuesAndAnotherSeedOthers() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let first = try await Self.run(seed: 7, server: server)
            let again = try await Self.run(seed: 7, server: server)
            let other = try await Self.run(seed: 8, server: server)
            let random = ["$uuid", "$uuid#2", "$randomInt(1,1000000)", "$randomString(12)"]
            for name in random {
                #expect(first.captures[name] != nil, "\(name)")
                #expect(first.captures[name] == again.captures[name], "\(name)")
            }
            #expect(random.contains { first.captures[$0] != other.captures[$0] })
            #expect(first.status == .passed && again.status == .passed && other.status == .passed)
        }
    }

    @Test func validateReportsUnknownAndMalformedGeneratorsAtTheirColumn() throws {
        let problems = try SuiteText.problems(
            """
            {"baseURL": "http://x", "tests": [
              {"name": "t", "request": {"url": "a/{{$uid}}", "headers": {"X-A": "{{$randomInt(9,1)}}", "X-B": "{{$randomString}}"}}}
            ]}
            """
        )
        #expect(problems.count == 3, "\(problems)")
        #expect(
            problems.contains { $0.contains("suite.json:2:39") && $0.contains("did you mean `$uuid`") },
            "\(problems)"
        )
        #expect(problems.contains { $0.contains("minimum is greater than the maximum") }, "\(problems)")
        #expect(problems.contains { $0.contains("{{$randomString(12)}}") }, "\(problems)")
    }
}
