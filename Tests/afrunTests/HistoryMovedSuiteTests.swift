import Foundation
import TestSupport
import Testing

/// A suite file that moved leaves two tests of one name in the history: every list tells them apart.
@Suite("afrun history: a suite file that moved")
struct HistoryMovedSuiteTests {
    /// `Slow/fast get` in `suites/slow.json` for runs 1–3 (passed, failed, passed), then in
    /// `suites/perf/slow.json` for runs 4–6 (failed, passed, failed).
    static func movedSuite() async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-moved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = folder.appendingPathComponent("history.sqlite").path
        _ = FileManager.default.createFile(atPath: db, contents: nil)
        _ = try await HistoryCLI.run(["history", "runs", "--db", db])  // creates the schema
        let sql = """
            INSERT INTO suites (id, file, name) VALUES (1, 'suites/slow.json', 'Slow'), (2, 'suites/perf/slow.json', 'Slow');
            INSERT INTO tests (id, suite_id, name) VALUES (1, 1, 'fast get'), (2, 2, 'fast get');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6)
            INSERT INTO runs (seq, id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                              libcurl_version, openssl_version)
            SELECT i, printf('%08x-0000-4000-8000-%012x', i, i), strftime('%Y-%m-%d %H:%M:%f', 1700000000 + i * 60, 'unixepoch'),
                   'complete', '[]', 'h', 0, 'h', '0.1.0', '7.88.1', '3.0.15' FROM n;
            INSERT INTO results (run_seq, test_id, line, status, attempts, started_at, duration_ms, total_ms)
            SELECT seq, CASE WHEN seq <= 3 THEN 1 ELSE 2 END, 3, CASE seq % 2 WHEN 0 THEN 'failed' ELSE 'passed' END,
                   1, started_at, 10 * seq, 10 * seq FROM runs;
            UPDATE runs SET (first_result_id, last_result_id) = (SELECT MIN(id), MAX(id) FROM results WHERE run_seq = runs.seq);
            """
        let seeded = try await HistoryCLI.run([db, sql], executable: "/usr/bin/sqlite3")
        guard seeded.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: seeded.output])
        }
        return db
    }

    @Test("slowest, flaky and the history page name each test's suite file when two share a name")
    func listsNameTheFile() async throws {
        let db = try await Self.movedSuite()
        let folder = URL(fileURLWithPath: db).deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["Slow/fast get (suites/perf/slow.json)", "Slow/fast get (suites/slow.json)"]
        for command in ["slowest", "flaky"] {
            let output = try await HistoryCLI.run(["history", command, "--db", db, "--format", "csv"])
            #expect(output.status == 0, "\(output.output)")
            let tests = output.output.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[0]) }
            #expect(tests.sorted() == names, "\(command): \(output.output)")
        }
        let page = folder.appendingPathComponent("h.html").path
        let report = try await HistoryCLI.run(["history", "report", "--db", db, "--html", page])
        #expect(report.status == 0, "\(report.output)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Flaky, slowest and trends each name both files.
        for name in names {
            #expect(html.components(separatedBy: "<td>\(name)</td>").count - 1 == 3, "\(name)")
        }
    }
}
