import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// `xpathNamespaces` in `defaults` and in a test, `_` for the default namespace, on the fixture server's
/// SOAP envelope, in assertions and captures.
@Suite struct XPathNamespaceTests {
    @Test func prefixesFromDefaultsAndTheTest() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}",
                 "defaults": {"xpathNamespaces": {"soap": "http://schemas.xmlsoap.org/soap/envelope/"}},
                 "tests": [
                  {"name": "envelope", "request": {"url": "soap"},
                   "xpathNamespaces": {"_": "http://example.com/stock", "s": "http://example.com/stock"},
                   "capture": {"price": {"xpath": "string(//_:Price)", "filters": ["toFloat"]}},
                   "expect": {"xpath": [
                     {"path": "count(/soap:Envelope/soap:Body)", "equals": 1},
                     {"path": "//soap:Body/_:GetPriceResponse/_:Symbol", "equals": "AFRN"},
                     {"path": "//s:Price", "equals": "34.5"},
                     {"path": "//Price", "count": 0}],
                     "captures": {"price": 34.5}}},
                  {"name": "another namespace", "request": {"url": "soap"},
                   "xpathNamespaces": {"_": "http://example.com/other"},
                   "expect": {"xpath": [{"path": "//_:Price", "exists": true}]}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 2)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(SuiteTextRun.failures(results[1]) == ["//_:Price: expected to exist, got nothing"])
        }
    }
}
