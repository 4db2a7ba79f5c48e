import FixtureServer
import Foundation
import Testing

/// `--var NAME=VALUE` for a name the suite marks secret: the value stays secret in the command line the run
/// records (the JSON and HTML reports, the history), as it does in the results.
@Suite struct SecretVarCommandLineTests {
    @Test func aVarForASecretNameIsMaskedInTheRecordedCommandLine() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write(
                "s.json",
                """
                {"name": "Pins", "baseURL": "\(server.httpURL.absoluteString)",
                 "variables": {"pin": {"value": "default-pin", "secret": true}},
                 "tests": [{"name": "t", "request": {"url": "anything", "query": {"p": "{{pin}}"}},
                            "expect": {"status": 200}}]}
                """
            )
            let run = try await AfrunProcess.run(
                [
                    "s.json", "--var", "pin=VARPIN-9876", "--var=pin=VARPIN-9876", "--var", "shown=plain-1234",
                    "--db", "h.sqlite", "--report-json", "report.json", "--html", "report.html",
                ],
                in: folder.url
            )
            #expect(run.status == 0, "\(run.all)")
            let report = try String(contentsOf: folder.url.appendingPathComponent("report.json"), encoding: .utf8)
            let page = try String(contentsOf: folder.url.appendingPathComponent("report.html"), encoding: .utf8)
            let history = try await SecretLeakTests.dump(folder.url.appendingPathComponent("h.sqlite"))
            for (name, text) in [("report.json", report), ("report.html", page), ("history", history)] {
                #expect(!text.contains("VARPIN-9876"), "\(name): \(text)")
                // The name stays, and a variable nothing marks secret is shown as given.
                #expect(text.contains("pin=***"), "\(name)")
                #expect(text.contains("shown=plain-1234"), "\(name)")
            }
        }
    }
}
