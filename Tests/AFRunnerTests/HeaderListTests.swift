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

    @Test func aFailedNthOrAllShowsTheElementAndAPlainNumberIsItsText() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "plain values", "request": {"url": "response-headers?X-Count=42&X-Flag=true"},
                   "expect": {"headers": {"X-Count": 42, "X-Flag": true}}},
                  {"name": "element", "request": {"url": "response-headers?X-Multi=a1&X-Multi=b2&X-Multi=c3"},
                   "expect": {"headers": {"X-Multi": {"nth": 1, "equals": "x"}, "x-multi": {"all": {"matches": "^[ab]"}}},
                              "json": [{"path": "$['X-Multi']", "nth": 5, "equals": "a1"}]}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 2)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(
                SuiteTextRun.failures(results[1]) == [
                    #"X-Multi: expected nth 1 (equals "x"), got "b2" at [1]"#,
                    #"x-multi: expected all (matches /^[ab]/), got "c3" at [2]"#,
                    #"$['X-Multi']: expected nth 5 (equals "a1"), got nothing (there is no element 5: 3 in all)"#,
                ]
            )
        }
    }
}
