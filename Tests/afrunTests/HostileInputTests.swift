import FixtureServer
import Foundation
import Testing

/// What afrun does with input written to hurt it: looping folders, escape sequences, giant lines,
/// endless bodies.
@Suite struct HostileInputTests {
    @Test(.timeLimit(.minutes(1))) func selfLinksAreWarnedAboutByValidateAndRun() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write(
            "suites/s.json",
            #"{"name": "s", "tests": [{"name": "t", "request": {"url": "http://127.0.0.1:9/"}}]}"#
        )
        let suites = folder.url.appendingPathComponent("suites")
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(
                atPath: suites.appendingPathComponent(name).path,
                withDestinationPath: "."
            )
        }
        let validate = try await AfrunProcess.run(["validate", "suites"], in: folder.url)
        #expect(validate.status == 0, "\(validate.all)")
        #expect(
            validate.stdout.contains("warning: suites/a: symbolic link to a folder already walked as suites (a loop)")
        )
        #expect(validate.stdout.contains("warning: suites/b:"))
        #expect(validate.stdout.contains("1 suite checked: 1 valid"))
        let run = try await AfrunProcess.run(["run", "suites", "--no-history"], in: folder.url)
        #expect(run.stderr.contains("warning: suites/a: symbolic link"), "\(run.all)")
        #expect(run.stderr.contains("warning: suites/b: symbolic link"), "\(run.all)")
    }
}

extension HostileInputTests {
    @Test func escapeSequencesFromDataAreShownNotObeyed() async throws {
        try await withPlainFixture { folder, server in
            let payload = Data("\u{1B}]0;pwned\u{07}\u{1B}[2J".utf8).base64EncodedString()
            try folder.write(
                "s.json",
                """
                {"name": "s", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "title\\u001b[2J", "request": {"url": "base64/\(payload)"}, "expect": {"body": {"equals": "x"}}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(["run", "s.json", "--no-history", "-v"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains(#"\x1b]0;pwned\x07\x1b[2J"#), "\(output.stdout)")
            #expect(output.stdout.contains(#"s/title\x1b[2J"#), "\(output.stdout)")
            #expect(!output.all.contains("\u{1B}"))
            #expect(!output.all.contains("\u{07}"))
        }
    }

    @Test func aGiantOneLineSuiteGetsAShortDiagnostic() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        // 5 MB on one line, one unknown key (with an escape sequence in its name) at its end.
        let filler = String(repeating: "a", count: 5_000_000)
        try folder.write(
            "big.json",
            """
            {"name": "s", "baseURL": "http://x", "tests": [{"name": "t", "request": {"url": "/a"}, "expect": {"body": {"equals": "\(filler)"}, "statsu\\u001b[2J": 200}}]}
            """
        )
        let output = try await AfrunProcess.run(["validate", "big.json"], in: folder.url)
        #expect(output.status == 2)
        #expect(output.stdout.utf8.count < 1024, "\(output.stdout.utf8.count) bytes")
        #expect(output.stdout.contains("big.json:1:"))
        #expect(output.stdout.contains(#"statsu\x1b[2J"#), "\(output.stdout)")
        #expect(output.stdout.contains("…"))
        #expect(!output.stdout.contains("\u{1B}"))
    }
}
