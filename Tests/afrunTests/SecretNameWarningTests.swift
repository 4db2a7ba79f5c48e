import FixtureServer
import Foundation
import Testing

/// A secret written into a name is warned about, by file and line, and the name is kept as written.
@Suite(.serialized) struct SecretNameWarningTests {
    static func suite(base: String) -> String {
        """
        {"name": "Accounts", "baseURL": "\(base)", "variables": {"tok": {"value": "hunter22", "secret": true}},
          "tests": [
            {"name": "login as hunter22", "request": {"url": "get"}, "expect": {"status": 200}},
            {"name": "plain", "request": {"url": "get", "basicAuth": {"username": "u", "password": "p"}}, "expect": {"status": 200}}
        ]}
        """
    }

    @Test func validateAndRunWarnAndKeepTheName() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write("s.json", Self.suite(base: server.httpURL.absoluteString))
            let warning = "s.json:3: the test name contains the value of secret `tok`"
            let validate = try await AfrunProcess.run(["validate", "s.json"], in: folder.url)
            #expect(validate.status == 0, "\(validate.all)")
            #expect(validate.stderr.contains(warning), "\(validate.all)")
            // A one-character password is a whole word of no name here ("plain"): no warning for it.
            #expect(!validate.stderr.contains("basicAuth"), "\(validate.all)")
            let run = try await AfrunProcess.run(["s.json", "--no-history", "--junit", "junit.xml"], in: folder.url)
            #expect(run.status == 0, "\(run.all)")
            #expect(run.stderr.contains(warning), "\(run.all)")
            #expect(run.stdout.contains("Accounts/login as hunter22"), "\(run.all)")
            let junit = try String(contentsOf: folder.url.appendingPathComponent("junit.xml"), encoding: .utf8)
            #expect(junit.contains("name=\"login as hunter22\""))
        }
    }
}
