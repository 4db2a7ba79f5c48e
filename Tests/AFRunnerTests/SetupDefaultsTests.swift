import AFRunner
import AFSuite
import FixtureServer
import Foundation
import Testing

/// A login in `setup` gives every request its token through `defaults` (Newman's collection auth, Step CI's
/// shared headers): the setup tests before the capture go without it, the others send it, and it stays masked.
@Suite struct SetupDefaultsTests {
    /// A suite whose setup logs in at the fixture server's `/api/login` (token `token-ada`) and captures the API's
    /// base from an echo, with the given `defaults`.
    static func suite(defaults: String) -> String {
        """
        {"name": "Login once", "baseURL": "{{api}}",
         "defaults": \(defaults),
         "setup": [
           {"name": "echo first", "request": {"method": "POST", "url": "{{env.FIXTURES}}/anything/first",
                                             "json": {"api": "{{env.FIXTURES}}/api"}},
            "capture": {"api": {"json": "$.json.api"}},
            "expect": {"json": [{"path": "$.headers.Authorization", "exists": false},
                                {"path": "$.headers['X-User']", "exists": false},
                                {"path": "$.headers['X-Kept']", "equals": "always"}]}},
           {"name": "login", "request": {"method": "POST", "url": "login",
                                        "json": {"username": "ada", "password": "secret"}},
            "capture": {"token": {"json": "$.token"}, "user": {"json": "$.username"}},
            "expect": {"status": 200}}
         ],
         "tests": [
           {"name": "me", "request": {"url": "me"}, "expect": {"status": 200, "json": [{"path": "$.username", "equals": "ada"}]}},
           {"name": "echo", "request": {"url": "{{env.FIXTURES}}/anything/echo"},
            "expect": {"json": [{"path": "$.headers.Authorization", "equals": "Bearer token-ada"},
                                {"path": "$.headers['X-User']", "equals": "ada"},
                                {"path": "$.url", "contains": "nothing-to-see"}]}}
         ],
         "teardown": [{"name": "me again", "request": {"url": "me"}, "expect": {"status": 200}}]}
        """
    }

    @Test(arguments: [
        #"{"auth": {"type": "bearer", "token": "{{token}}"}, "headers": {"X-User": "{{user}}", "X-Kept": "always"}}"#,
        #"{"headers": {"Authorization": "Bearer {{token}}", "X-User": "{{user}}", "X-Kept": "always"}}"#,
    ])
    func aSetupLoginReachesEveryRequestThroughDefaults(defaults: String) async throws {
        try await withFixtureServer { server in
            let results = try await SuiteTextRun.results(Self.suite(defaults: defaults), on: server)
            let byName = Dictionary(results.map { ($0.identity.testName, $0) }, uniquingKeysWith: { a, _ in a })
            for name in ["setup: echo first", "setup: login", "me", "teardown: me again"] {
                let result = try #require(byName[name])
                #expect(
                    result.status == .passed,
                    "\(name): \(SuiteTextRun.failures(result)) \(String(describing: result.error))"
                )
            }
            // The echo test fails only on its URL: the token and the user went out with it.
            let echo = try #require(byName["echo"])
            #expect(SuiteTextRun.failures(echo).count == 1, "\(SuiteTextRun.failures(echo))")
            // The token came from a capture of a sensitive member: masked in every result.
            let encoded = String(decoding: try JSONEncoder().encode(results), as: UTF8.self)
            #expect(!encoded.contains("token-ada"), "\(encoded)")
            #expect(encoded.contains("***"))
        }
    }

    @Test func basicAuthDefaultsWaitForTheSetupCapture() async throws {
        try await withFixtureServer { server in
            let results = try await SuiteTextRun.results(
                """
                {"name": "Basic", "baseURL": "{{env.FIXTURES}}",
                 "defaults": {"basicAuth": {"username": "{{user}}", "password": "{{pass}}"}},
                 "setup": [{"name": "read credentials", "request": {"method": "POST", "url": "anything",
                                                                   "json": {"u": "ada", "p": "pa55-w0rd"}},
                            "capture": {"user": {"json": "$.json.u"}, "pass": {"json": "$.json.p", "secret": true}},
                            "expect": {"json": [{"path": "$.headers.Authorization", "exists": false}]}}],
                 "tests": [{"name": "in", "request": {"url": "basic-auth/ada/pa55-w0rd"}, "expect": {"status": 200}}]}
                """,
                on: server
            )
            #expect(results.map(\.status) == [.passed, .passed], "\(results.map(SuiteTextRun.failures))")
            let encoded = String(decoding: try JSONEncoder().encode(results), as: UTF8.self)
            #expect(!encoded.contains("pa55-w0rd"), "\(encoded)")
        }
    }
}
