import AFRunner
import AFSuite
import FixtureServer
import Foundation
import JSONPath
import Testing

/// A catastrophic pattern on a response ends in a failed assertion that says why, at the limit,
/// and the run's other tests go on.
@Suite(.serialized) struct RegexLimitTests {
    private static let place = AFSuite.SourceLocation(file: "t.json", line: 1, column: 1, pointer: "")
    /// 40 `a`s and a `!`: `(a+)+$` tries every split of the `a`s (2^40) before giving up.
    private static let body = String(repeating: "a", count: 40) + "!"
    private static var bodyPath: String { "base64/" + Data(body.utf8).base64EncodedString() }

    private static func test(_ name: String, _ url: String, expect: Expectations) -> TestCase {
        TestCase(name: name, location: place, request: RequestSpec(url: url), expect: expect)
    }

    @Test(.timeLimit(.minutes(1))) func aCatastrophicPatternFailsAtTheLimitAndTheRunGoesOn() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.tlsVariants = []
        try await withFixtureServer(configuration) { server in
            var body = Expectations(status: [.code(200)])
            body.body = BodyExpectation(predicates: PredicateSet([.matches("(a+)+$")]))
            var header = Expectations(status: [.code(200)])
            header.headers = [HeaderAssertion(name: "X-Echo", predicates: PredicateSet([.matches("(a+)+$")]))]
            var json = Expectations(status: [.code(200)])
            json.json = [PathAssertion(path: "$.args.v", predicates: PredicateSet([.matches("(a+)+$")]))]
            // A JSONPath filter's I-Regexp (RFC 9535 `search()`) on the same text.
            var filter = Expectations(status: [.code(200)])
            filter.json = [
                PathAssertion(path: "$.args[?search(@, '(a+)+b')]", predicates: PredicateSet([.exists(true)]))
            ]
            var capture = Self.test("capture", Self.bodyPath, expect: Expectations(status: [.code(200)]))
            capture.captures = [CaptureSpec(name: "x", source: .regex("(a+)+$", group: 1), isSecret: false)]
            let tests = [
                Self.test("body", Self.bodyPath, expect: body),
                Self.test("header", "response-headers?X-Echo=\(Self.body)", expect: header),
                Self.test("json", "anything?v=\(Self.body)", expect: json),
                Self.test("filter", "anything?v=\(Self.body)", expect: filter),
                capture,
                Self.test("plain", "status/200", expect: Expectations(status: [.code(200)])),
            ]
            var options = RunOptions()
            options.regexTimeout = .milliseconds(200)
            let suite = Suite(
                file: URL(fileURLWithPath: "/tmp/regex.json"),
                displayPath: "regex.json",
                name: "regex",
                baseURL: server.httpURL.absoluteString,
                parallel: true,
                tests: tests
            )
            let report = await Runner(options: options).run([suite], run: .test, sinks: [])
            let byName = Dictionary(uniqueKeysWithValues: report.results.map { ($0.identity.testName, $0) })
            #expect(byName["plain"]?.status == .passed)
            for name in ["body", "header", "json", "filter", "capture"] {
                let result = try #require(byName[name])
                #expect(result.status == .failed, "\(name)")
                #expect(
                    result.failureMessages.contains { $0.contains("regex") && $0.contains("stopped") },
                    "\(name): \(result.failureMessages)"
                )
            }
        }
    }

    @Test func aQuickPatternStillMatches() {
        let regex = try? BoundedRegex("^(a+)!$")
        guard case .matched(let ranges)? = regex?.firstMatch(in: Self.body, limit: .seconds(60)) else {
            Issue.record("no match")
            return
        }
        #expect(ranges.count == 2)
        #expect(ranges[1].map { Self.body[$0].count } == 40)
        #expect(regex?.matches("b!", limit: .seconds(60)) == false)
    }

    @Test(.timeLimit(.minutes(1))) func aFilterThatCannotDecideSelectsNothing() throws {
        let filter = try RunOptions.filter("(a+)+$", limit: .milliseconds(100))
        #expect(!filter(TestIdentity(suiteFile: "s.json", suiteName: "s", testName: Self.body)))
    }
}
