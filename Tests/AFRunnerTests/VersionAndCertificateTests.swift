import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// `expect.httpVersion` and the certificate's dates and serial number, against the fixture server's
/// HTTPS listener (HTTP/2 by ALPN) and its HTTP one.
@Suite struct VersionAndCertificateTests {
    static let rootCA = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/tls/root-ca.pem").path

    @Test func versionDatesAndSerial() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "variables": {"https": "\#(server.httpsURL.absoluteString)"},
                 "defaults": {"tls": {"caFile": "\#(Self.rootCA)"}}, "tests": [
                  {"name": "h2", "request": {"url": "{{https}}/get"}, "expect": {
                    "httpVersion": "2",
                    "certificate": {"startDate": "2024-01-01T00:00:00Z", "expiryDate": {"startsWith": "2124-01-01"},
                                    "serialNumber": "1000"}}},
                  {"name": "h1", "request": {"url": "get"}, "expect": {"httpVersion": {"oneOf": ["1.0", "1.1"]}}},
                  {"name": "fails", "request": {"url": "{{https}}/get", "http": "1.1"}, "expect": {
                    "httpVersion": "2", "certificate": {"serialNumber": "1001", "expiryDate": {"format": "date"}}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 3)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(results[1].status == .passed, "\(SuiteTextRun.failures(results[1]))")
            #expect(
                SuiteTextRun.failures(results[2]) == [
                    #"httpVersion: expected "2", got "1.1""#,
                    #"expiryDate: expected format date, got "2124-01-01T00:00:00Z""#,
                    #"serialNumber: expected "1001", got "1000""#,
                ]
            )
        }
    }
}
