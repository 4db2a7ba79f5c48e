import FixtureServer
import Foundation
import Testing

/// The run flags that change what runs and how: `--filter`, `--fail-fast`, `--timeout`, `--insecure`,
/// each through the built `afrun` against the fixture server.
@Suite(.serialized) struct RunFlagTests {
    @Test("--filter runs only the tests whose suite/test name matches")
    func filterSelectsTests() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write(
                "s.json",
                """
                {"name": "Pick", "baseURL": "\(base)", "tests": [
                  {"name": "alpha", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "beta", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(["s.json", "--no-history", "--filter", "Pick/be"], in: folder.url)
            #expect(output.status == 0, "\(output.all)")
            #expect(output.stdout.contains("PASS  Pick/beta"))
            #expect(!output.stdout.contains("Pick/alpha"), "\(output.stdout)")
            #expect(output.stdout.contains("1 passed, 0 failed, 0 errors, 0 skipped"), "\(output.stdout)")
        }
    }

    @Test("a --filter that is not a regex is a usage error saying what is wrong and where")
    func badFilterIsExplained() async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        let output = try await AfrunProcess.run(["s.json", "--no-history", "--filter", "Pick/(be"], in: folder.url)
        #expect(output.status == 64, "\(output.all)")
        #expect(
            output.stderr.contains("--filter 'Pick/(be' is not a valid regex: unclosed `(` group at position 5"),
            "\(output.stderr)"
        )
    }

    @Test("--fail-fast stops at the first failure; what did not run is reported as skipped")
    func failFastStops() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write(
                "s.json",
                """
                {"name": "Stop", "baseURL": "\(base)", "tests": [
                  {"name": "broken", "request": {"url": "status/500"}, "expect": {"status": 200}},
                  {"name": "after", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(["s.json", "--no-history", "--fail-fast"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("0 passed, 1 failed, 0 errors, 1 skipped"), "\(output.stdout)")
            #expect(!output.stdout.contains("PASS  Stop/after"), "\(output.stdout)")
        }
    }

    @Test("--timeout bounds a request of a suite that sets none: a slow answer is a timeout error")
    func timeoutApplies() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write(
                "s.json",
                """
                {"name": "Slow", "baseURL": "\(base)", "tests": [
                  {"name": "late", "request": {"url": "delay/3000"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(["s.json", "--no-history", "--timeout", "0.3"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("0 passed, 0 failed, 1 errors, 0 skipped"), "\(output.stdout)")
            #expect(
                output.stdout.lowercased().contains("timed out") || output.stdout.contains("timedOut"),
                "\(output.stdout)"
            )
        }
    }

    @Test("--insecure accepts a certificate the system store does not trust; without it the test errors")
    func insecureAcceptsUntrustedCertificates() async throws {
        try await withFixtureServer { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            // The fixture CA is not in the system store and the suite names no caFile.
            try folder.write(
                "s.json",
                """
                {"name": "TLS", "baseURL": "\(server.httpsURL.absoluteString)", "tests": [
                  {"name": "get", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            let refused = try await AfrunProcess.run(["s.json", "--no-history"], in: folder.url)
            #expect(refused.status == 1, "\(refused.all)")
            #expect(refused.stdout.contains("0 passed, 0 failed, 1 errors"), "\(refused.stdout)")
            let accepted = try await AfrunProcess.run(["s.json", "--no-history", "--insecure"], in: folder.url)
            #expect(accepted.status == 0, "\(accepted.all)")
            #expect(accepted.stdout.contains("PASS  TLS/get"), "\(accepted.stdout)")
        }
    }

    @Test("--repeat N makes N runs, each recorded; the exit status says whether any had a failure")
    func repeatRecordsEachRun() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write(
                "s.json",
                """
                {"name": "Again", "baseURL": "\(base)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "bad", "request": {"url": "status/500"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(["s.json", "--db", "h.sqlite", "--repeat", "3"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("run 1 of 3") && output.stdout.contains("run 3 of 3"), "\(output.stdout)")
            #expect(output.stdout.components(separatedBy: "1 passed, 1 failed").count == 4, "\(output.stdout)")
            #expect(output.stdout.contains("3 of 3 runs had failures or errors"), "\(output.stdout)")
            let runs = try await AfrunProcess.run(
                ["history", "runs", "--db", "h.sqlite", "--format", "json"],
                in: folder.url
            )
            let recorded = try JSONSerialization.jsonObject(with: Data(runs.stdout.utf8)) as? [Any]
            #expect(recorded?.count == 3, "\(runs.all)")

            // --fail-fast stops repeating too.
            let stopped = try await AfrunProcess.run(
                ["s.json", "--no-history", "--repeat", "3", "--fail-fast"],
                in: folder.url
            )
            #expect(stopped.status == 1, "\(stopped.all)")
            #expect(
                stopped.stdout.contains("run 1 of 3") && !stopped.stdout.contains("run 2 of 3"),
                "\(stopped.stdout)"
            )
            #expect(stopped.stdout.contains("1 of 3 runs had failures or errors"), "\(stopped.stdout)")

            // In GitHub Actions a failure that repeats is annotated once; each run still has its summary.
            let summary = folder.url.appendingPathComponent("summary.md")
            let annotated = try await AfrunProcess.run(
                ["s.json", "--no-history", "--repeat", "3"],
                in: folder.url,
                environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path]
            )
            #expect(annotated.status == 1, "\(annotated.all)")
            #expect(annotated.stdout.components(separatedBy: "::error ").count == 2, "\(annotated.stdout)")
            let markdown = try String(contentsOf: summary, encoding: .utf8)
            #expect(markdown.components(separatedBy: "## ❌ afrun: 1 passed, 1 failed").count == 4, "\(markdown)")
        }
    }

    @Test("--repeat with a one-run report is a usage error naming both flags and the fix")
    func repeatWithReportIsRefused() async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        let output = try await AfrunProcess.run(["s.json", "--repeat", "2", "--junit", "j.xml"], in: folder.url)
        #expect(output.status == 64, "\(output.all)")
        #expect(
            output.stderr.contains("--junit writes one run's report, and --repeat makes 2 runs: drop one of them"),
            "\(output.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("j.xml").path))
    }
}
