import FixtureServer
import Foundation
import TestSupport
import Testing

/// What the terminal shows: each failure once with -q, colour rules, and the buffering of lines into a pipe.
@Suite(.serialized) struct OutputTests {
    @Test("-q prints each failure once, in the failure list")
    func quietPrintsFailureOnce() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "Q", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "broken", "request": {"url": "status/500"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(["s.json", "--no-history", "-q"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.components(separatedBy: "Q/broken").count == 2, "\(output.stdout)")
            #expect(!output.stdout.contains("Q/ok"), "\(output.stdout)")
        }
    }

    @Test("-q with nothing failed prints the summary line alone")
    func quietPassingRunIsOneLine() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "Q", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(["s.json", "--no-history", "-q"], in: folder.url)
            #expect(output.status == 0, "\(output.all)")
            #expect(output.stdout.hasPrefix("1 passed, 0 failed, 0 errors, 0 skipped in "), "\(output.stdout)")
            #expect(
                output.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 2,
                "\(output.stdout)"
            )
        }
    }

    @Test("an empty NO_COLOR= leaves colours on; a non-empty one turns them off (no-color.org)")
    func emptyNoColorKeepsColour() async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        let empty = try await TerminalRun.run(["validate", "s.json"], in: folder.url, environment: ["NO_COLOR": ""])
        #expect(empty.contains("\u{1B}["), "colour expected with NO_COLOR empty: \(empty)")
        let set = try await TerminalRun.run(["validate", "s.json"], in: folder.url, environment: ["NO_COLOR": "1"])
        #expect(!set.contains("\u{1B}["), "no colour expected with NO_COLOR=1: \(set)")
    }

    @Test(
        "per-test lines into a pipe are written in a few large writes, not one write each, and none is lost",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"))
    )
    func pipeOutputIsBuffered() async throws {
        try await withPlainFixture { folder, server in
            let tests = (0..<300).map { #"{"name": "t\#($0)", "request": {"url": "get"}, "expect": {"status": 200}}"# }
            try folder.write(
                "s.json",
                """
                {"name": "B", "baseURL": "\(server.httpURL.absoluteString)", "parallel": true, "tests": [
                \(tests.joined(separator: ",\n"))
                ]}
                """
            )
            let trace = folder.url.appendingPathComponent("trace.txt").path
            let afrun = try AfrunProcess.executable().path
            let output = try await StraceRun.run(
                ["-f", "-qq", "-e", "trace=write", "-o", trace, afrun, "s.json", "--no-history"],
                in: folder.url
            )
            #expect(output.contains("300 passed"), "\(output)")
            #expect(output.components(separatedBy: "PASS  B/").count == 301, "every line arrives")
            let writes = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter {
                $0.contains("write(1,")
            }
            #expect(writes.count < 30, "\(writes.count) writes to standard output for 300 lines")
        }
    }
}
