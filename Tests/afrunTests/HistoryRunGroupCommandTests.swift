import Foundation
import TestSupport
import Testing

/// `afrun history runs --by-group` and `compare --by-group` on pipelines that shard and then rerun their
/// failures, as CI records them.
@Suite("afrun history: run groups")
struct HistoryRunGroupCommandTests {
    /// Three pipelines `g1`…`g3`, each of three runs: shard 1/2 runs `a` and `b`, shard 2/2 `c` and `d`, then
    /// a `--rerun-failed` run of the shards' failures. g2's `b` fails in its shard and passes in the rerun;
    /// g3's `c` fails in its shard and in the rerun.
    static func pipelines() async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-groups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = folder.appendingPathComponent("history.sqlite").path
        _ = FileManager.default.createFile(atPath: db, contents: nil)
        _ = try await HistoryCLI.run(["history", "runs", "--db", db])  // creates the schema
        let outcomes: [(run: Int, test: Int, status: String)] = [
            (1, 1, "passed"), (1, 2, "passed"), (2, 3, "passed"), (2, 4, "failed"), (3, 4, "passed"),
            (4, 1, "passed"), (4, 2, "failed"), (5, 3, "passed"), (5, 4, "passed"), (6, 2, "passed"),
            (7, 1, "passed"), (7, 2, "passed"), (8, 3, "failed"), (8, 4, "passed"), (9, 3, "failed"),
        ]
        let values = outcomes.map { "(\($0.run), \($0.test), '\($0.status)')" }.joined(separator: ", ")
        let sql = """
            INSERT INTO suites (id, file, name) VALUES (1, 'suites/s.json', 'S');
            INSERT INTO tests (id, suite_id, name) VALUES (1, 1, 'a'), (2, 1, 'b'), (3, 1, 'c'), (4, 1, 'd');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9)
            INSERT INTO runs (seq, id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                              libcurl_version, openssl_version, run_group, shard)
            SELECT i, printf('%08x-0000-4000-8000-%012x', i, i), strftime('%Y-%m-%d %H:%M:%f', 1700000000 + i * 60, 'unixepoch'),
                   'complete', '[]', 'h', 0, 'h', '0.1.0', '7.88.1', '3.0.15', 'g' || ((i - 1) / 3 + 1),
                   CASE (i - 1) % 3 WHEN 0 THEN '1/2' WHEN 1 THEN '2/2' END FROM n;
            CREATE TEMP TABLE o (run INTEGER, test INTEGER, status TEXT);
            INSERT INTO o VALUES \(values);
            INSERT INTO results (run_seq, test_id, line, status, attempts, started_at, duration_ms, failure_messages)
            SELECT o.run, o.test, o.test, o.status, 1, runs.started_at,
                   CASE o.test WHEN 4 THEN 100 * o.run ELSE 1 + o.run % 2 END,
                   CASE o.status WHEN 'failed' THEN '["status: expected 200, got 500"]' END
            FROM o JOIN runs ON runs.seq = o.run ORDER BY o.run, o.test;
            UPDATE runs SET (first_result_id, last_result_id) = (SELECT MIN(id), MAX(id) FROM results WHERE run_seq = runs.seq),
                (passed, failed) = (SELECT COUNT(*) FILTER (WHERE status = 'passed'), COUNT(*) FILTER (WHERE status = 'failed')
                                    FROM results WHERE run_seq = runs.seq);
            """
        let seeded = try await HistoryCLI.run([db, sql], executable: "/usr/bin/sqlite3")
        guard seeded.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: seeded.output])
        }
        return db
    }

    @Test("runs --by-group --last 2 lists two whole pipelines, not the runs of the last two")
    func lastCountsGroups() async throws {
        let db = try await Self.pipelines()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: db).deletingLastPathComponent().path) }
        let output = try await HistoryCLI.run([
            "history", "runs", "--by-group", "--last", "2", "--db", db, "--format", "csv",
        ])
        #expect(output.status == 0, "\(output.output)")
        let rows = output.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").prefix(3) }
        #expect(rows.map { $0.joined(separator: ",") } == ["g3,3,1/2 2/2", "g2,3,1/2 2/2"], "\(output.output)")
    }

    @Test("runs --by-group counts each test once, as its pipeline ended: a failure the rerun passed is a pass")
    func groupCountsEachTestOnce() async throws {
        let db = try await Self.pipelines()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: db).deletingLastPathComponent().path) }
        let output = try await HistoryCLI.run(["history", "runs", "--by-group", "--db", db, "--format", "csv"])
        #expect(output.status == 0, "\(output.output)")
        // group, then tests, passed, failed, errors, skipped.
        let rows = output.output.split(separator: "\n").dropFirst().map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            return ([cells[0]] + cells[5...9]).joined(separator: " ")
        }
        #expect(rows == ["g3 4 3 1 0 0", "g2 4 4 0 0 0", "g1 4 4 0 0 0"], "\(output.output)")
    }

    @Test("compare --by-group compares whole pipelines: a rerun's pass counts, unselected tests are not removed")
    func compareGroups() async throws {
        let db = try await Self.pipelines()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: db).deletingLastPathComponent().path) }
        let output = try await HistoryCLI.run(["history", "compare", "--by-group", "--db", db])
        #expect(output.status == 0, "\(output.output)")
        let lines = output.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "A group g2 (3 runs, 4/4 passed) → B group g3 (3 runs, 3/4 passed), threshold 20.0% and 5.0 ms",
            "\(output.output)"
        )
        #expect(
            lines.dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3) }
                .map { $0.joined(separator: " ") } == ["newly failing S/c", "slower S/d passed"],
            "\(output.output)"
        )
        let older = try await HistoryCLI.run(["history", "compare", "--by-group", "g1", "g2", "--db", db])
        #expect(older.output.contains("→ B group g2 (3 runs, 4/4 passed)"), "\(older.output)")
        #expect(!older.output.contains("removed") && !older.output.contains("newly"), "\(older.output)")
        let unknown = try await HistoryCLI.run(["history", "compare", "--by-group", "g9", "latest", "--db", db])
        #expect(unknown.status == 2)
        #expect(unknown.output.contains("no run has the run group 'g9'; list the groups with"), "\(unknown.output)")
    }

    @Test("history test says since when a test fails (or passes) and when it last did the other")
    func testSince() async throws {
        let db = try await Self.pipelines()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: db).deletingLastPathComponent().path) }
        let failing = try await HistoryCLI.run(["history", "test", "S/c", "--db", db])
        let last = failing.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("failing since run 00000008 ("), "\(failing.output)")
        #expect(last.contains("): 2 results in a row; it last passed in run 00000005 ("), "\(failing.output)")
        let fixed = try await HistoryCLI.run(["history", "test", "S/b", "--db", db])
        let fixedLast = fixed.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(fixedLast.hasPrefix("passing since run 00000006 ("), "\(fixed.output)")
        #expect(fixedLast.contains("): 2 results in a row; it last failed in run 00000004 ("), "\(fixed.output)")
        let steady = try await HistoryCLI.run(["history", "test", "S/a", "--db", db])
        #expect(!steady.output.contains(" since run "), "\(steady.output)")
        let json = try await HistoryCLI.run(["history", "test", "S/c", "--db", db, "--format", "json"])
        #expect(!json.output.contains(" since run "), "\(json.output)")
    }
}
