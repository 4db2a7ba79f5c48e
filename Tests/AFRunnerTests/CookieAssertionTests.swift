import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// `expect.cookies` against the fixture server's `/cookies/attributes` (every attribute) and `/cookies/set`.
@Suite struct CookieAssertionTests {
    @Test func everyAttributeOfAResponseCookie() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "attributes", "request": {"url": "cookies/attributes"}, "expect": {"cookies": {
                    "sid": {"exists": true, "value": "abc123", "path": "/account", "domain": "example.test",
                            "secure": true, "httpOnly": true, "sameSite": "Lax",
                            "expires": {"format": "date-time", "equals": "2099-10-21T07:28:00Z"},
                            "maxAge": {"gt": 0, "equals": 3600}},
                    "theme": {"value": {"startsWith": "d"}, "secure": false, "httpOnly": false,
                              "path": {"exists": false}, "maxAge": {"exists": false}},
                    "legacy": {"value": "\"quoted\"", "sameSite": "strict", "maxAge": 0,
                               "expires": {"filters": [{"toDate": "iso8601"}, "daysAfterNow"], "gt": 0}},
                    "nope": {"exists": false}}}},
                  {"name": "plain value", "request": {"url": "cookies/set?sid=xyz", "followRedirects": false},
                   "expect": {"cookies": {"sid": "xyz"}}},
                  {"name": "fails", "request": {"url": "cookies/attributes"}, "expect": {"cookies": {
                    "sid": {"secure": false, "sameSite": "Strict"}, "theme": {"exists": false}, "nope": {"value": "x"}}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 3)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(results[1].status == .passed, "\(SuiteTextRun.failures(results[1]))")
            #expect(
                SuiteTextRun.failures(results[2]) == [
                    "sid.secure: expected false, got true",
                    #"sid.sameSite: expected "Strict", got "Lax""#,
                    #"theme: expected not to exist, got "dark""#,
                    #"nope: expected "x", got nothing"#,
                ]
            )
        }
    }

    /// A cookie named like a credential (`session`) is one: its value is hidden in assertions and captures,
    /// its attributes are not.
    @Test func aSensitiveCookieValueIsHidden() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "login", "request": {"url": "cookies/set?session=S3cr3tSess&theme=dark"},
                   "capture": {"s": {"cookie": "session"}, "t": {"cookie": "theme"}}},
                  {"name": "check", "request": {"url": "cookies/set?session=S3cr3tSess&theme=dark"},
                   "expect": {"cookies": {"session": {"value": "wrong", "path": "/nope"}, "theme": "light"}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 2)
            let result = results[0]
            #expect(
                SuiteTextRun.failures(results[1]) == [
                    "session: equals failed (value hidden)", #"session.path: expected "/nope", got "/""#,
                    #"theme: expected "light", got "dark""#,
                ]
            )
            #expect(result.captures["s"] == "***" && result.captures["t"] == "dark", "\(result.captures)")
            #expect(!"\(results)".contains("S3cr3tSess"))
        }
    }

    @Test("the session cookies of PHP, Express and Google are hidden too, though no fragment names them")
    func commonSessionCookiesAreHidden() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "login", "request": {"url": "cookies/set?PHPSESSID=Php5ecret&connect.sid=Expr3ss&sid=G00gle"},
                   "capture": {"p": {"cookie": "PHPSESSID"}, "c": {"cookie": "connect.sid"}, "g": {"cookie": "sid"}},
                   "expect": {"cookies": {"PHPSESSID": "wrong", "connect.sid": "wrong", "sid": "wrong"}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 1)
            let failures = SuiteTextRun.failures(results[0])
            #expect(failures.count == 3 && failures.allSatisfy { $0.hasSuffix("(value hidden)") }, "\(failures)")
            #expect(results[0].captures.values.allSatisfy { $0 == "***" }, "\(results[0].captures)")
            for secret in ["Php5ecret", "Expr3ss", "G00gle"] { #expect(!"\(results)".contains(secret)) }
        }
    }
}
