import FixtureServer
import Foundation
import Testing

/// The exit statuses a CI step relies on: nothing selected is not green, a report that cannot be written
/// is not green, and `run` and `validate` agree on input without a suite.
@Suite(.serialized) struct ExitStatusTests {
    @Test("a --filter that selects no test exits 4 naming the filter; --allow-empty exits 0")
    func emptySelectionExits4() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "Pick", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "alpha", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            let typo = try await AfrunProcess.run(["s.json", "--no-history", "--filter", "Pick/alhpa"], in: folder.url)
            #expect(typo.status == 4, "\(typo.all)")
            #expect(
                typo.stderr.contains("no test selected: --filter 'Pick/alhpa' matched none of the 1 tests"),
                "\(typo.stderr)"
            )
            let allowed = try await AfrunProcess.run(
                ["s.json", "--no-history", "--filter", "Pick/alhpa", "--allow-empty"],
                in: folder.url
            )
            #expect(allowed.status == 0, "\(allowed.all)")
            #expect(allowed.stdout.contains("0 passed, 0 failed, 0 errors, 0 skipped"), "\(allowed.stdout)")
        }
    }

    @Test(
        "a --junit or --report-json file that cannot be written fails the run after it, naming the file and the OS error",
        arguments: ["--junit", "--report-json"]
    )
    func unwritableReportFailsTheRun(flag: String) async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "R", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            // A path under a regular file: no folder can be made there, whoever runs the test (root included).
            let output = try await AfrunProcess.run(
                ["s.json", "--no-history", flag, "s.json/report.out"],
                in: folder.url
            )
            #expect(output.status == 2, "\(output.all)")
            #expect(output.stdout.contains("1 passed, 0 failed"), "the run happened: \(output.stdout)")
            #expect(
                output.stderr.contains("cannot write the report 's.json/report.out': Not a directory"),
                "\(output.stderr)"
            )
        }
    }

    @Test(
        "run and validate agree on a folder without a suite: exit 2, no suite found under PATH",
        arguments: ["run", "validate"]
    )
    func emptyInputAgrees(command: String) async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        let empty = folder.url.appendingPathComponent("empty")
        let dangling = folder.url.appendingPathComponent("dangling")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dangling, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: dangling.appendingPathComponent("gone.json").path,
            withDestinationPath: "/nonexistent/gone.json"
        )
        for path in ["empty", "dangling"] {
            let output = try await AfrunProcess.run(
                [command, path, "--no-history"].filter { command == "run" || $0 != "--no-history" },
                in: folder.url
            )
            #expect(output.status == 2, "\(command) \(path): \(output.all)")
            #expect(output.stderr.contains("no suite found under \(path)"), "\(command) \(path): \(output.all)")
        }
    }

    @Test("--var and --vars-file refuse a name no template can use, naming the source")
    func invalidVariableNames() async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        let flag = try await AfrunProcess.run(["s.json", "--no-history", "--var", "1bad=x"], in: folder.url)
        #expect(flag.status == 64, "\(flag.all)")
        #expect(flag.stderr.contains("--var 1bad=…: `1bad` is not a valid variable name"), "\(flag.stderr)")
        try folder.write("env.vars", "good=1\n1bad=x\n")
        let file = try await AfrunProcess.run(["validate", "s.json", "--vars-file", "env.vars"], in: folder.url)
        #expect(file.status == 64, "\(file.all)")
        #expect(file.stderr.contains("env.vars:2: `1bad` is not a valid variable name"), "\(file.stderr)")
        try folder.write("env.json", #"{"ok": "1", "2x": "y"}"#)
        let json = try await AfrunProcess.run(["validate", "s.json", "--vars-file", "env.json"], in: folder.url)
        #expect(json.status == 64, "\(json.all)")
        #expect(json.stderr.contains("env.json: `2x` is not a valid variable name"), "\(json.stderr)")
    }
}
