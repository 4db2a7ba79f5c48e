import Foundation
import TestSupport
import Testing

/// `afrun history …` end to end: the built binary against a database seeded with sqlite3.
@Suite("afrun history CLI")
struct HistoryCommandTests {
    @Test("runs, flaky, compare and show answer from a seeded database in every format")
    func queries() async throws {
        let db = try await HistoryCLI.seededDatabase()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: db).deletingLastPathComponent().path) }

        let runs = try await HistoryCLI.run(["history", "runs", "--db", db, "--format", "csv"])
        #expect(runs.status == 0)
        let lines = runs.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("run,started,status,tests,passed,failed") == true)
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("00000003-0000-4000-8000-000000000003,"))

        let flaky = try await HistoryCLI.run(["history", "flaky", "--db", db, "--format", "json"])
        #expect(flaky.status == 0)
        let ranked = try #require(try JSONSerialization.jsonObject(with: Data(flaky.output.utf8)) as? [[String: Any]])
        #expect(ranked.compactMap { ($0["identity"] as? [String: Any])?["testName"] as? String } == ["flips"])
        #expect(ranked.first?["flips"] as? Int == 2)

        let compare = try await HistoryCLI.run(["history", "compare", "previous", "latest", "--db", db])
        #expect(compare.status == 0)
        #expect(compare.output.contains("newly passing  S/flips"))

        let show = try await HistoryCLI.run(["history", "show", "00000002", "--db", db, "--format", "table"])
        let line = try #require(show.output.split(separator: "\n").first { $0.hasPrefix("S/flips") })
        #expect(
            line.contains("suites/s.json:2") && line.contains("failed")
                && line.contains("status: expected 200, got 500")
        )

        let trends = try await HistoryCLI.run(["history", "trends", "--db", db])
        #expect(trends.status == 0)
        #expect(trends.output.contains("S "))
    }

    @Test("merge starts a new database from another history's runs and adds nothing twice")
    func merge() async throws {
        let shard = try await HistoryCLI.seededDatabase()
        let folder = URL(fileURLWithPath: shard).deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let merged = folder.appendingPathComponent("merged/history.sqlite").path

        let first = try await HistoryCLI.run(["history", "merge", shard, "--db", merged, "--format", "csv"])
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.split(separator: "\n") == ["file,runs_added", "\(shard),3"])
        let again = try await HistoryCLI.run(["history", "merge", shard, "--db", merged, "--format", "csv"])
        #expect(again.output.split(separator: "\n").last == "\(shard),0", "\(again.output)")
        let runs = try await HistoryCLI.run(["history", "runs", "--db", merged, "--format", "csv"])
        #expect(runs.output.split(separator: "\n").count == 4, "\(runs.output)")
        // The table format, which a person reads, is a sentence.
        let fresh = folder.appendingPathComponent("fresh/history.sqlite").path
        let sentence = try await HistoryCLI.run(["history", "merge", shard, "--db", fresh])
        #expect(sentence.output == "merged 3 runs from \(shard)\n", "\(sentence.output)")
        let none = try await HistoryCLI.run(["history", "merge", shard, "--db", fresh])
        #expect(none.output == "merged no run from \(shard): the history has all of its runs\n", "\(none.output)")

        let missing = try await HistoryCLI.run([
            "history", "merge", folder.appendingPathComponent("none.sqlite").path, "--db", merged,
        ])
        #expect(missing.status == 2, "\(missing.output)")
    }

    @Test("prune prints the runs it kept, not the number asked for")
    func pruneCounts() async throws {
        let db = try await HistoryCLI.seededDatabase()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: db).deletingLastPathComponent().path) }
        let prune = try await HistoryCLI.run(["history", "prune", "--keep", "10", "--db", db, "--format", "csv"])
        #expect(prune.status == 0, "\(prune.output)")
        #expect(prune.output.split(separator: "\n") == ["deleted_runs,kept", "0,3"], "\(prune.output)")
        let sentence = try await HistoryCLI.run(["history", "prune", "--keep", "1", "--db", db])
        #expect(sentence.output == "deleted 2 runs with their results; 1 run kept\n", "\(sentence.output)")
        let json = try await HistoryCLI.run(["history", "prune", "--keep", "1", "--db", db, "--format", "json"])
        #expect(json.output.contains("\"deletedRuns\" : 0") && json.output.contains("\"kept\" : 1"), "\(json.output)")
    }

    @Test("an unknown run and a missing database exit with 2 and say what to do")
    func errors() async throws {
        let db = try await HistoryCLI.seededDatabase()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: db).deletingLastPathComponent().path) }
        let unknown = try await HistoryCLI.run(["history", "show", "ffff", "--db", db])
        #expect(unknown.status == 2)
        #expect(unknown.output.contains("no run matches 'ffff'"))
        let missing = try await HistoryCLI.run(["history", "runs", "--db", db + ".missing"])
        #expect(missing.status == 2)
        #expect(missing.output.contains("no history database"))
    }
}

/// Runs the built `afrun` beside this test binary.
enum HistoryCLI {
    static var binary: String {
        let folder = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
            .deletingLastPathComponent()
        return folder.appendingPathComponent("afrun").path
    }

    static func run(_ arguments: [String], executable: String? = nil) async throws -> (status: Int32, output: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["AFRUN_DB"] = nil
        process.environment = environment
        return try await process.output(includingErrors: true)
    }

    /// Three runs of two tests: `steady` always passes; `flips` passes, fails, passes.
    static func seededDatabase() async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = folder.appendingPathComponent("history.sqlite").path
        _ = FileManager.default.createFile(atPath: db, contents: nil)
        _ = try await run(["history", "runs", "--db", db])  // creates the schema
        let sql = """
            INSERT INTO suites (id, file, name) VALUES (1, 'suites/s.json', 'S');
            INSERT INTO tests (id, suite_id, name) VALUES (1, 1, 'steady'), (2, 1, 'flips');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
            INSERT INTO runs (seq, id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                              libcurl_version, openssl_version, passed, failed)
            SELECT i, printf('%08x-0000-4000-8000-%012x', i, i), strftime('%Y-%m-%d %H:%M:%f', 1700000000 + i * 60, 'unixepoch'),
                   'complete', '[]', 'h', 0, 'h', '0.1.0', '7.88.1', '3.0.15', CASE i WHEN 2 THEN 1 ELSE 2 END,
                   CASE i WHEN 2 THEN 1 ELSE 0 END FROM n;
            INSERT INTO results (run_seq, test_id, line, status, attempts, started_at, duration_ms, failure_messages)
            SELECT seq, 1, 1, 'passed', 1, started_at, 10, NULL FROM runs;
            INSERT INTO results (run_seq, test_id, line, status, attempts, started_at, duration_ms, failure_messages)
            SELECT seq, 2, 2, CASE seq WHEN 2 THEN 'failed' ELSE 'passed' END, 1, started_at, 20,
                   CASE seq WHEN 2 THEN '["status: expected 200, got 500"]' END FROM runs;
            UPDATE runs SET (first_result_id, last_result_id) = (SELECT MIN(id), MAX(id) FROM results WHERE run_seq = runs.seq);
            """
        let seeded = try await run([db, sql], executable: "/usr/bin/sqlite3")
        guard seeded.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: seeded.output])
        }
        return db
    }
}

/// A history that cannot be written, or is not a history at all: what `afrun` says and how it exits.
@Suite("afrun history: files it cannot write")
struct HistoryFileProblemTests {
    @Test("a history in a folder this user cannot write answers queries, read-only, and leaves no file behind")
    func readOnlyHistoryAnswers() async throws {
        let db = try await HistoryCLI.seededDatabase()
        let folder = URL(fileURLWithPath: db).deletingLastPathComponent().path
        defer {
            chmod(folder, 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        #expect(chmod(db, 0o444) == 0 && chmod(folder, 0o555) == 0)
        // Root writes whatever the modes say: the query then runs as `nobody`.
        let arguments = ["history", "runs", "--db", db, "--format", "csv"]
        let runs =
            getuid() == 0
            ? try await HistoryCLI.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", HistoryCLI.binary] + arguments,
                executable: "/usr/bin/setpriv"
            )
            : try await HistoryCLI.run(arguments)
        #expect(runs.status == 0, "\(runs.output)")
        #expect(runs.output.split(separator: "\n").count == 4, "\(runs.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["history.sqlite"])
    }

    @Test(
        "a --db file that is not a history: the run says so, names the file, and exits non-zero although its tests passed"
    )
    func garbageDatabase() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "S", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            try folder.write("notes.txt", String(repeating: "not a database ", count: 100))
            let output = try await AfrunProcess.run(["s.json", "--db", "notes.txt"], in: folder.url)
            #expect(output.stdout.contains("1 passed"), "\(output.all)")
            #expect(output.status == 2, "\(output.all)")
            #expect(output.stderr.contains("'notes.txt' is not an afrun history"), "\(output.all)")
            #expect(!output.stderr.contains("writable"), "\(output.all)")
        }
    }
}
