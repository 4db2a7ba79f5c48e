import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// `expect.captures` and `{{…}}` in `expect` naming the test's own captures, against the fixture server.
@Suite struct CaptureAssertionTests {
    @Test func aTestsCapturesAreTakenBeforeItsExpectations() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "own", "request": {"url": "values"},
                   "capture": {"count": {"json": "$.count"}, "first": {"json": "$.scores[0]"}, "name": {"json": "$.name"}},
                   "expect": {
                     "captures": {"count": {"format": "integer-string"}, "first": {"type": "integer", "equals": 3},
                                  "name": {"filters": ["lowercase"], "startsWith": "ada"}},
                     "json": [{"path": "$.name", "equals": "{{name}}"}, {"path": "$.scores[0]", "equals": "{{first}}"}]}},
                  {"name": "earlier", "request": {"url": "values"},
                   "expect": {"captures": {"count": "42", "name": {"endsWith": "Lovelace"}}}},
                  {"name": "fails", "request": {"url": "values"},
                   "capture": {"id": {"json": "$.id"}},
                   "expect": {"captures": {"id": {"format": "integer-string"}, "count": {"not": {"equals": "42"}}}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 3)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(results[0].assertions.contains { $0.kind == "capture" && $0.target == "count" && $0.passed })
            #expect(results[1].status == .passed, "\(SuiteTextRun.failures(results[1]))")
            #expect(results[2].status == .failed)
            let failures = SuiteTextRun.failures(results[2])
            #expect(failures.count == 2, "\(failures)")
            #expect(
                failures.contains { $0.hasPrefix("id: expected format integer-string, got \"4c3b7f6a-") },
                "\(failures)"
            )
            #expect(failures.contains { $0.hasPrefix("count: expected not (equals \"42\")") }, "\(failures)")
            // A failed test passes no capture on.
            #expect(results[2].captures["id"] == nil)
        }
    }

    @Test func aCaptureTheExpectationsNeedThatTookNothingFailsTheTest() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "missing", "request": {"url": "values"},
                   "capture": {"gone": {"json": "$.nothing"}},
                   "expect": {"status": 200, "json": [{"path": "$.name", "equals": "{{gone}}"}],
                              "captures": {"gone": {"exists": true}}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 1)
            #expect(results[0].status == .failed)
            #expect(results[0].error == nil)
            #expect(SuiteTextRun.failures(results[0]) == ["capture gone: $.nothing selected nothing"])
        }
    }
}
