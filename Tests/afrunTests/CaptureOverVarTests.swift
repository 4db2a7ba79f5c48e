import FixtureServer
import Foundation
import Testing

/// A capture replaces a `--var` or `--secret` value of the same name for the tests after it, as a Hurl
/// capture replaces a `--variable` and Postman's `pm.environment.set` an environment value; a secret name
/// stays secret through the replacement.
@Suite struct CaptureOverVarTests {
    @Test("--var and --secret give the starting values; a capture of the same name replaces them")
    func captureReplacesCommandLineValue() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "Flow", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "before", "request": {"url": "anything", "query": {"user": "{{user}}", "pin": "{{pin}}"}},
                   "expect": {"json": [{"path": "$.args.user", "equals": "from-cli"},
                                       {"path": "$.args.pin", "equals": "OLD-PIN-1111"}]}},
                  {"name": "login", "request": {"url": "anything", "query": {"u": "captured", "p": "NEW-PIN-2222"}},
                   "capture": {"user": {"json": "$.args.u"}, "pin": {"json": "$.args.p"}}},
                  {"name": "after", "request": {"url": "anything", "query": {"user": "{{user}}", "pin": "{{pin}}"}},
                   "expect": {"json": [{"path": "$.args.user", "equals": "captured"},
                                       {"path": "$.args.pin", "equals": "not-the-pin"}]}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--var", "user=from-cli", "--secret", "pin=OLD-PIN-1111"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("2 passed, 1 failed"), "before and the user of after pass: \(output.stdout)")
            #expect(!output.stdout.contains("$.args.user"), "\(output.stdout)")
            #expect(output.stdout.contains(#"$.args.pin: expected "not-the-pin", got "***""#), "\(output.stdout)")
            #expect(!output.all.contains("NEW-PIN-2222") && !output.all.contains("OLD-PIN-1111"), "\(output.all)")
        }
    }
}
