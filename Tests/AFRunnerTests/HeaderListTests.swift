import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// A header sent as several fields is a list to its predicates; a header with one field stays a string.
@Suite struct HeaderListTests {
    @Test func severalFieldsAreAListOneFieldAString() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "list", "request": {"url": "response-headers?X-Multi=a1&X-Multi=b2&X-One=solo, too"},
                   "expect": {"headers": {
                     "X-Multi": {"count": 2, "all": {"matches": "^[ab]\\d$"}, "any": {"equals": "b2"},
                                 "contains": "a1", "not": {"contains": "a1, b2"}},
                     "X-One": {"equals": "solo, too", "count": 9, "contains": "lo, t"}}}},
                  {"name": "nth and filters", "request": {"url": "cookies/set?a=1&b=2", "followRedirects": false},
                   "expect": {"headers": {
                     "Set-Cookie": {"nth": 1, "startsWith": "b=2"},
                     "set-cookie": {"filters": ["last", {"split": ";"}, "first"], "equals": "b=2"}}}},
                  {"name": "fails", "request": {"url": "response-headers?X-Multi=a1&X-Multi=b2"},
                   "expect": {"headers": {"X-Multi": {"equals": "a1, b2"}}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 3)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(results[1].status == .passed, "\(SuiteTextRun.failures(results[1]))")
            #expect(SuiteTextRun.failures(results[2]) == [#"X-Multi: expected "a1, b2", got ["a1","b2"]"#])
        }
    }
}
