import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// The capture sources beside `json`, `header`, `regex` and `status`, against the fixture server.
@Suite struct CaptureSourceTests {
    @Test func everySourceTakesItsValue() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "header regex", "request": {"url": "redirect-to?url=/users/42", "followRedirects": false},
                   "capture": {"id": {"header": "Location", "regex": "/users/(\\d+)", "filters": ["toInt"]},
                               "whole": {"header": "Location", "regex": "/users/\\d+"},
                               "zero": {"header": "Location", "regex": "/users/(\\d+)", "group": 0}},
                   "expect": {"status": 302, "captures": {"id": 42, "whole": "/users/42", "zero": "/users/42"}}},
                  {"name": "cookie", "request": {"url": "cookies/set?sid=abc123&theme=dark", "followRedirects": false},
                   "capture": {"sid": {"cookie": "sid"}, "theme": {"cookie": "theme", "filters": ["uppercase"]}},
                   "expect": {"captures": {"sid": "abc123", "theme": "DARK"}}},
                  {"name": "url and redirects", "request": {"url": "redirect/2"},
                   "capture": {"final": {"url": true}, "hops": {"redirects": true}},
                   "expect": {"captures": {"final": {"endsWith": "/get", "format": "uri"}, "hops": {"equals": 2}}}},
                  {"name": "xpath", "request": {"url": "xml"},
                   "capture": {"title": {"xpath": "//book[@id='2']/title"}, "books": {"xpath": "count(//book)"},
                               "price": {"xpath": "string(//book[1]/price)", "filters": ["toFloat"]}},
                   "expect": {"captures": {"title": "Event Loops", "books": 2, "price": {"closeTo": 12.5, "within": 0}}}},
                  {"name": "body and bytes", "request": {"url": "encoding/latin1"},
                   "capture": {"text": {"body": true}, "raw": {"bytes": true, "filters": [{"decode": "latin1"}]},
                               "digest": {"bytes": true, "filters": ["sha256"]}},
                   "expect": {"captures": {"text": {"contains": "café"}, "raw": {"contains": "naïve"}},
                              "body": {"sha256": "{{digest}}"}}},
                  {"name": "misses", "request": {"url": "xml"},
                   "capture": {"none": {"cookie": "sid"}, "gone": {"xpath": "//nothing"},
                               "nomatch": {"header": "Content-Type", "regex": "json(\\d)"}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 6)
            for result in results.prefix(5) {
                #expect(result.status == .passed, "\(result.identity.testName): \(SuiteTextRun.failures(result))")
            }
            #expect(results[0].captures["id"] == "42")
            #expect(results[2].captures["hops"] == "2")
            #expect(results[5].status == .failed)
            #expect(
                SuiteTextRun.failures(results[5]) == [
                    "capture none: the response sets no cookie sid",
                    "capture gone: //nothing selected nothing",
                    "capture nomatch: /json(\\d)/ did not match the header Content-Type",
                ]
            )
        }
    }

    @Test func aCookieMissedAfterARedirectSaysWhereItLooked() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                """
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "followed", "request": {"url": "cookies/set?sid=abc123"}, "capture": {"sid": {"cookie": "sid"}}}
                ]}
                """,
                on: server
            )
            let failures = SuiteTextRun.failures(try #require(results.first))
            #expect(failures.count == 1, "\(failures)")
            #expect(failures.first?.contains("the final response (after 1 redirect) sets no cookie sid") == true)
            #expect(failures.first?.contains(#"`"followRedirects": false`"#) == true, "\(failures)")
        }
    }
}
