import Foundation
import Testing

@testable import AFSuite

/// `baseURL` and the `headers`, `auth` and `basicAuth` of `defaults` see the captures of `setup` tests (setup runs
/// before every test), so a login in `setup` can give every request its token; what only a test captures stays
/// out of their reach, as do the other defaults.
@Suite struct DefaultsSetupCaptureTests {
    static let login = """
        {"name": "login", "request": {"method": "POST", "url": "http://h/login"},
         "capture": {"token": {"json": "$.token"}, "user": {"json": "$.user"}, "api": {"json": "$.api"}}}
        """

    /// The messages of the suite's diagnostics.
    static func messages(_ json: String) -> [SuiteDiagnostic] {
        diagnostics(json).compactMap {
            if case .invalid(let d) = $0 { d } else { nil }
        }
    }

    @Test(arguments: [false, true])
    func defaultsAndTheBaseURLUseSetupCaptures(parallel: Bool) throws {
        let suite = try load(
            """
            {"parallel": \(parallel), "baseURL": "{{api}}/v1",
             "defaults": {"headers": {"X-User": "{{user}}"}, "auth": {"type": "bearer", "token": "{{token}}"}},
             "setup": [\(Self.login), {"name": "after", "request": {"url": "me"}}],
             "tests": [{"name": "read", "request": {"url": "items"}}],
             "teardown": [{"name": "out", "request": {"url": "logout"}}]}
            """
        ).get()
        #expect(suite.tests.count == 1)
    }

    @Test func basicAuthDefaultsUseSetupCaptures() throws {
        #expect(throws: Never.self) {
            try load(
                """
                {"defaults": {"basicAuth": {"username": "{{user}}", "password": "{{token}}"}},
                 "setup": [\(Self.login)], "tests": [{"name": "read", "request": {"url": "http://h/items"}}]}
                """
            ).get()
        }
    }

    @Test func aDefaultNamingATestsCaptureIsReportedWithTheSetupFix() throws {
        let json = """
            {"defaults": {"headers": {"X-Id": "{{id}}"}},
             "tests": [{"name": "make", "request": {"url": "http://h/make"}, "capture": {"id": {"json": "$.id"}}},
                       {"name": "read", "request": {"url": "http://h/read"}}]}
            """
        let found = Self.messages(json)
        #expect(found.count == 1, "\(found)")
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message.contains("undefined variable `id`"), "\(diagnostic.message)")
        #expect(diagnostic.message.contains("captures of `setup` tests"), "\(diagnostic.message)")
        #expect(
            diagnostic.fix?.contains("capture `id` in a `setup` test") == true,
            "\(String(describing: diagnostic.fix))"
        )
        #expect(diagnostic.location.pointer == "/defaults/headers/X-Id")
    }

    @Test(arguments: [
        #""proxy": "{{api}}""#,
        #""tls": {"caFile": "{{api}}.pem"}"#,
    ])
    func otherDefaultsDoNotSeeSetupCaptures(setting: String) throws {
        let json = """
            {"defaults": {\(setting)}, "setup": [\(Self.login)],
             "tests": [{"name": "read", "request": {"url": "http://h/items"}}]}
            """
        let found = Self.messages(json)
        #expect(found.count == 1, "\(found)")
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message.contains("undefined variable `api`"), "\(diagnostic.message)")
        #expect(diagnostic.message.contains("only `baseURL` and the `headers`"), "\(diagnostic.message)")
    }

    @Test func aSetupTestBeforeTheCaptureNeedsAnAbsoluteURL() throws {
        let json = """
            {"baseURL": "{{api}}",
             "setup": [{"name": "early", "request": {"url": "ping"}},
                       {"name": "login", "request": {"method": "POST", "url": "login"}, "capture": {"api": {"json": "$.api"}}},
                       {"name": "late", "request": {"url": "me"}}],
             "tests": [{"name": "read", "request": {"url": "items"}}]}
            """
        let found = Self.messages(json)
        // `early` and `login` itself run before `api` is captured; `late` and the test after it.
        #expect(found.map(\.location.pointer) == ["/setup/0/request/url", "/setup/1/request/url"], "\(found)")
        #expect(found.allSatisfy { $0.fix?.contains("write this setup test's `url` absolute") == true })
    }

    @Test func aBaseURLNothingDefinesIsReportedOnceAtTheBase() throws {
        let json = """
            {"baseURL": "{{nowhere}}", "setup": [{"name": "early", "request": {"url": "ping"}}],
             "tests": [{"name": "read", "request": {"url": "items"}}]}
            """
        let found = Self.messages(json)
        #expect(found.map(\.location.pointer) == ["/baseURL"], "\(found)")
    }

    @Test func aParallelSuitesTestCaptureIsPointedAtSetup() throws {
        let json = """
            {"parallel": true,
             "tests": [{"name": "make", "request": {"url": "http://h/make"}, "capture": {"id": {"json": "$.id"}}},
                       {"name": "read", "request": {"url": "http://h/{{id}}"}}]}
            """
        let found = Self.messages(json)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.fix?.contains("capture `id` in a `setup` test") == true, "\(found)")
    }
}
