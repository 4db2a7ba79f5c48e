@testable import AFHistory
import AFRunner
import Foundation
import Testing

/// When the runner says a run's end is near, the store commits what it holds at once instead of waiting
/// for its commit interval, so the run's last commit has only the last results to write.
@Suite("History: the run's end is near")
struct HistoryRunEndingTests {
    /// Waits until `condition` holds (or a minute passed) and returns whether it did.
    static func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return try condition()
    }

    /// Runs `body` with a store on a new database whose commit interval no test outlives (only `runIsEnding`,
    /// a flush or the run's end commit), and a run whose row is committed.
    static func withCommittedRun(_ body: (HistoryStore, RunInfo, String) async throws -> Void) async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try HistoryStore.open(path: path, detail: .failures, commitInterval: .seconds(3600))
        defer { try? store.close() }
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        // The run's row is committed as soon as the database is open, not with the first results.
        #expect(try await eventually { try SQLite.query(path, "SELECT status FROM runs") == ["running"] })
        try await body(store, run, path)
    }

    @Test("the run row is committed at once; runIsEnding commits the results inserted so far, which otherwise wait for the commit interval")
    func endingCommitsAtOnce() async throws {
        try await Self.withCommittedRun { store, run, path in
            try await store.record(contentsOf: HistoryWriterTests.results(40), in: run)
            #expect(try await Self.eventually { store.writer.uncommittedResults == 40 }, "the results were never inserted")
            #expect(try SQLite.query(path, "SELECT COUNT(*) FROM results") == ["0"], "committed before the run's end was near")

            store.runIsEnding(run)
            #expect(try await Self.eventually { try SQLite.query(path, "SELECT COUNT(*) FROM results") == ["40"] })
            #expect(store.writer.uncommittedResults == 0)
            #expect(try SQLite.query(path, "SELECT status FROM runs") == ["running"])

            try await store.record(contentsOf: HistoryWriterTests.results(10, suite: "Last"), in: run)
            try await store.runDidFinish(run, summary: RunSummary(passed: 40, failed: 10), status: .complete)
            #expect(try SQLite.query(path, "SELECT COUNT(*) FROM results") == ["50"])
            #expect(try store.run("latest").status == .complete)
        }
    }

    @Test("the WAL can be synced through SQLite's own handle once a commit is done, not inside the writer's transaction")
    func logSync() async throws {
        try await Self.withCommittedRun { store, run, _ in
            #expect(store.writer.syncLogNow(), "no WAL handle, or the sync failed")
            // Inserted, not committed: the writer's transaction is open, and a sync now would say nothing.
            try await store.record(contentsOf: HistoryWriterTests.results(5), in: run)
            #expect(try await Self.eventually { store.writer.uncommittedResults == 5 })
            #expect(!store.writer.syncLogNow())
            try await store.runDidFinish(run, summary: RunSummary(passed: 4, failed: 1), status: .complete)
        }
    }
}
