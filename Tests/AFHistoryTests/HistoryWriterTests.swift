import AFHistory
import AFRunner
import Foundation
import Testing

/// The writer behind `record(contentsOf:)`: batches are queued and committed later, by a timed commit or by
/// `runDidFinish`, and a batch that cannot be stored is reported, not lost silently.
@Suite("History writer")
struct HistoryWriterTests {
    static func results(_ count: Int, suite: String = "Batch") -> [TestResult] {
        (0..<count).map { n in
            HistoryFixtures.result(
                HistoryFixtures.identity("t\(n)", suite: suite),
                n % 5 == 0 ? .failed : .passed,
                ms: Double(n)
            )
        }
    }

    /// Runs `body` with a store on a new database and a run already started; closes and removes both.
    static func withStartedRun(
        detail: HistoryDetail = .failures,
        _ body: (HistoryStore, RunInfo, String) async throws -> Void
    ) async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path, detail: detail)
        defer { try? store.close() }
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await body(store, run, path)
    }

    @Test("batches handed over one after another are all stored by the time runDidFinish returns")
    func batchesStoredByFinish() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        let all = Self.results(1_500)
        for start in stride(from: 0, to: all.count, by: 7) {
            try await store.record(contentsOf: Array(all[start..<min(start + 7, all.count)]), in: run)
        }
        try await store.runDidFinish(run, summary: RunSummary(passed: 1_200, failed: 300), status: .complete)
        try await store.close()

        #expect(try await SQLite.query(path, "SELECT COUNT(*), SUM(status = 'failed') FROM results") == ["1500|300"])
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM metrics") == ["1500"])
        // The default detail level keeps the assertion rows of the 300 failed results only.
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM assertions") == ["300"])
        #expect(try await SQLite.query(path, "SELECT SUM(assertion_count) FROM results") == ["1500"])
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM tests") == ["1500"])
        #expect(try await SQLite.query(path, "SELECT status, passed, failed FROM runs") == ["complete|1200|300"])
        #expect(try await SQLite.query(path, "PRAGMA integrity_check") == ["ok"])
    }

    @Test("after close, what was queued is stored and a later flush is refused with a clear error")
    func closeStoresQueuedThenRefuses() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(contentsOf: Self.results(3), in: run)
        try await store.close()
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["3"])
        await #expect {
            try await store.flush()
        } throws: { error in
            "\(error)".contains("the history is closed")
        }
    }

    @Test("queued results are committed without a flush (the timed group commit)")
    func timedCommit() async throws {
        try await Self.withStartedRun { store, run, path in
            try await store.record(contentsOf: Self.results(12), in: run)
            // Another connection (the sqlite3 CLI) sees them once the writer's timer committed them. The
            // bound is generous: a loaded machine delays the timer, but it must fire.
            var seen = ""
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                seen = try await SQLite.query(path, "SELECT COUNT(*) FROM results").first ?? ""
                if seen == "12" { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(seen == "12", "the queued results were never committed")
            #expect(try await SQLite.query(path, "SELECT status FROM runs") == ["running"])
        }
    }

    @Test("a batch that cannot be stored is reported at the end and does not sink the others")
    func failedBatchReported() async throws {
        try await Self.withStartedRun { store, run, path in
            let neverStarted = HistoryFixtures.run()
            try await store.record(contentsOf: Self.results(30), in: run)
            try await store.record(contentsOf: Self.results(5, suite: "Orphans"), in: neverStarted)
            try await store.record(contentsOf: Self.results(20, suite: "More"), in: run)
            await #expect(throws: HistoryError.self) { try await store.flush() }
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["50"])
            // Reported once: the next flush has nothing new to complain about.
            try await store.flush()
            try await store.runDidFinish(run, summary: RunSummary(passed: 40, failed: 10), status: .complete)
            #expect(try store.run("latest").status == .complete)
        }
    }

    @Test("a test pruned by another store while this one remembers its id is recreated, not lost")
    func prunedTestRecreated() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let writer = try await HistoryStore.open(path: path)
        let pruner = try await HistoryStore.open(path: path)
        defer {
            try? writer.close()
            try? pruner.close()
        }
        let first = HistoryFixtures.run()
        try await writer.runDidStart(first)
        try await writer.record(contentsOf: Self.results(3), in: first)
        try await writer.runDidFinish(first, summary: RunSummary(passed: 2, failed: 1), status: .complete)
        // Empties the history: the tests the writer remembers are gone.
        #expect(try pruner.prune(keep: 0).deleted == 1)
        let second = HistoryFixtures.run()
        try await writer.runDidStart(second)
        try await writer.record(contentsOf: Self.results(3), in: second)
        try await writer.runDidFinish(second, summary: RunSummary(passed: 2, failed: 1), status: .complete)
        #expect(
            try await SQLite.query(path, "SELECT COUNT(*) FROM results r JOIN tests t ON t.id = r.test_id") == ["3"]
        )
        #expect(try await SQLite.query(path, "PRAGMA foreign_key_check") == [])
    }

    @Test(
        "a store opened in the background records a run (its queries wait for the open); its close folds the WAL into the file"
    )
    func backgroundOpen() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = HistoryStore.openInBackground(path: path)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(contentsOf: Self.results(40), in: run)
        try await store.runDidFinish(run, summary: RunSummary(passed: 32, failed: 8), status: .complete)
        #expect(try store.run("latest").passed == 32)
        // Before the close the run may be in the WAL only; after it, `history.sqlite` copied alone holds it.
        try await store.close()
        #expect(try await Self.resultsInFileAlone(path) == 40)
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["40"])
    }

    /// The results a copy of the database file holds without its WAL (what copying `history.sqlite` alone carries).
    private static func resultsInFileAlone(_ path: String) async throws -> Int {
        let copy = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(copy) }
        try FileManager.default.createDirectory(
            atPath: (copy as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        // A file whose last checkpoint came before the tables were made has none.
        let tables = try await SQLite.query(copy, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'results'")
        guard tables == ["1"] else { return 0 }
        return Int(try await SQLite.query(copy, "SELECT COUNT(*) FROM results").first ?? "") ?? -1
    }

    @Test("a background open that fails is reported by runDidFinish and by queries")
    func backgroundOpenFails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("not-a-database.sqlite").path
        try Data("this is not SQLite, only text long enough to fill a header".utf8).write(
            to: URL(fileURLWithPath: path)
        )
        let store = HistoryStore.openInBackground(path: path)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(contentsOf: Self.results(3), in: run)
        await #expect(throws: HistoryError.self) {
            try await store.runDidFinish(run, summary: RunSummary(passed: 3), status: .complete)
        }
        #expect(throws: HistoryError.self) { try store.runs() }
        try await store.close()
    }
}
