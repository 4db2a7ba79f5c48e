import FixtureServer
import Foundation
import Testing

private func httpOnly() -> FixtureServer.Configuration {
    var c = FixtureServer.Configuration()
    c.tlsPort = nil
    c.tlsVariants = []
    return c
}

@Suite(.serialized) struct HistoryAndReportsTests {
    @Test func runIsRecordedAndReportsAreWritten() async throws {
        try await withFixtureServer(httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write(
                "s.json",
                """
                {"name": "Recorded", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "bad", "request": {"url": "status/500"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(
                ["s.json", "--db", "h.sqlite", "--junit", "junit.xml", "--report-json", "report.json"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            let junit = try String(contentsOf: folder.url.appendingPathComponent("junit.xml"), encoding: .utf8)
            #expect(junit.contains("<testcase"))
            #expect(junit.contains("failures=\"1\""))
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("report.json").path))
            let runs = try await AfrunProcess.run(
                ["history", "runs", "--db", "h.sqlite", "--format", "csv"],
                in: folder.url
            )
            #expect(runs.status == 0, "\(runs.all)")
            #expect(runs.stdout.split(separator: "\n").count >= 2)

            // --rerun-failed runs only the test that failed last time.
            let rerun = try await AfrunProcess.run(["s.json", "--db", "h.sqlite", "--rerun-failed"], in: folder.url)
            #expect(rerun.stdout.contains("FAIL  Recorded/bad"))
            #expect(!rerun.stdout.contains("Recorded/ok"))
            #expect(rerun.stdout.contains("0 passed, 1 failed"))
        }
    }

    @Test("--failed-first starts last run's failures first inside a parallel suite; every test still runs")
    func failedFirstReordersFromHistory() async throws {
        try await withFixtureServer(httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            let base = server.httpURL.absoluteString
            // In the parallel suite the third test fails when code=500.
            try folder.write(
                "a.json",
                """
                {"name": "Steady", "baseURL": "\(base)", "tests": [
                  {"name": "one", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            try folder.write(
                "b.json",
                """
                {"name": "Mixed", "baseURL": "\(base)", "parallel": true, "tests": [
                  {"name": "first", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "second", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "third", "request": {"url": "status/{{code}}"}, "expect": {"status": 200}}
                ]}
                """
            )
            let failing = try await AfrunProcess.run(
                [".", "--db", "h.sqlite", "--jobs", "1", "--var", "code=500"],
                in: folder.url
            )
            #expect(failing.status == 1, "\(failing.all)")

            // One request at a time, so the lines come in the order the tests start.
            let output = try await AfrunProcess.run(
                [".", "--db", "h.sqlite", "--jobs", "1", "--var", "code=200", "--failed-first"],
                in: folder.url
            )
            #expect(output.status == 0, "\(output.all)")
            // (Suites run concurrently, so which suite's first request wins the one slot is not fixed;
            // inside the parallel suite a single worker takes the tests in the reordered order.)
            let order = output.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS  ") }
                .map { $0.dropFirst(6).split(separator: " ").first.map(String.init) ?? "" }
            #expect(
                order.filter { $0.hasPrefix("Mixed/") } == ["Mixed/third", "Mixed/first", "Mixed/second"],
                "\(output.stdout)"
            )
            #expect(order.contains("Steady/one"), "\(output.stdout)")
        }
    }

    @Test("a recorded run keeps the git commit and branch from CI variables and a redacted command line")
    func runRecordsCIVariables() async throws {
        try await withFixtureServer(httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write(
                "s.json",
                """
                {"name": "CI", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            let environment = [
                "GITHUB_SHA": "0123456789abcdef0123456789abcdef01234567", "GITHUB_REF_NAME": "feature/history",
                "CI_COMMIT_SHA": "ignored-when-github-is-set", "CI_COMMIT_REF_NAME": "ignored",
            ]
            let output = try await AfrunProcess.run(
                ["s.json", "--db", "h.sqlite", "--secret", "token=NOT-IN-HISTORY"],
                in: folder.url,
                environment: environment
            )
            #expect(output.status == 0, "\(output.all)")
            let runs = try await AfrunProcess.run(
                ["history", "runs", "--db", "h.sqlite", "--format", "json"],
                in: folder.url
            )
            #expect(runs.status == 0, "\(runs.all)")
            let records = try #require(
                try JSONSerialization.jsonObject(with: Data(runs.stdout.utf8)) as? [[String: Any]]
            )
            let run = try #require(records.first)
            #expect(run["gitCommit"] as? String == "0123456789abcdef0123456789abcdef01234567")
            #expect(run["gitBranch"] as? String == "feature/history")
            // The loaded library's version number (no list of every library libcurl links).
            let libcurl = try #require(run["libcurlVersion"] as? String)
            #expect(
                libcurl.hasPrefix("libcurl/") && !libcurl.contains(" ") && libcurl.count > "libcurl/".count,
                "\(libcurl)"
            )
            let commandLine = try #require(run["commandLine"] as? [String])
            #expect(commandLine.contains("s.json"))
            #expect(!commandLine.joined(separator: " ").contains("NOT-IN-HISTORY"), "\(commandLine)")
        }
    }

    @Test func sigintStopsTheRunAndExits130() async throws {
        try await withFixtureServer(httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write(
                "slow.json",
                """
                {"name": "Slow", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "first", "request": {"url": "delay/1000"}, "expect": {"status": 200}},
                  {"name": "second", "request": {"url": "delay/1000"}, "expect": {"status": 200}},
                  {"name": "third", "request": {"url": "delay/1000"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(
                ["slow.json", "--db", "h.sqlite"],
                in: folder.url,
                interruptOnOutput: "first"
            )
            #expect(output.status == 130, "\(output.all)")
            #expect(output.stderr.contains("interrupted"))
            #expect(!output.stdout.contains("Slow/third"))
            let runs = try await AfrunProcess.run(
                ["history", "runs", "--db", "h.sqlite", "--format", "csv"],
                in: folder.url
            )
            #expect(runs.stdout.contains("interrupted"), "\(runs.all)")
        }
    }
}
