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

    /// httpbin's `/cookies/set?k=v` answers 302 with `Set-Cookie`: with the redirect followed, captures and
    /// assertions find the cookie on the redirect, a secret one stays masked, and a miss names the chain.
    @Test func aCookieSetOnAFollowedRedirectIsFound() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "login", "request": {"url": "redirect-to?url=%2Fcookies%2Fset%3Fsid%3Dabc123%26theme%3Ddark"},
                   "capture": {"sid": {"cookie": "sid", "secret": true}, "theme": {"cookie": "theme"}},
                   "expect": {"status": 200, "redirects": {"count": 2}, "captures": {"theme": "dark"},
                              "cookies": {"sid": {"value": "abc123", "path": "/"}, "other": {"exists": false}}}},
                  {"name": "masked", "request": {"url": "cookies/set?sid=abc123"},
                   "expect": {"cookies": {"sid": "not-it", "theme": {"exists": true}}}},
                  {"name": "missed", "request": {"url": "redirect/2"}, "capture": {"none": {"cookie": "sid"}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 3)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(results[0].captures["sid"] == "***")
            #expect(
                SuiteTextRun.failures(results[1]) == [
                    // `sid` names a session cookie: its assertion hides both values.
                    "sid: equals failed (value hidden)", #"theme: expected to exist, got nothing"#,
                ]
            )
            #expect(
                SuiteTextRun.failures(results[2]) == [
                    "capture none: neither the final response nor the 2 redirects before it set a cookie sid"
                ]
            )
        }
    }
}
