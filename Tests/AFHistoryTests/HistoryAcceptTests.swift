import AFHistory
import AFRunner
import Foundation
import Testing

/// Results recorded one by one, from many tasks: the writer gathers and stores them, and `runDidFinish` stores
/// what is left and reports what could not be stored.
@Suite("History: results recorded one by one")
struct HistoryAcceptTests {
    @Test("results recorded from many tasks at once are all stored, once each, by runDidFinish")
    func concurrentAccepts() async throws {
        try await HistoryWriterTests.withStartedRun { store, run, path in
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for result in HistoryWriterTests.results(250, suite: "Worker \(worker)") {
                            try? await store.record(result, in: run)
                        }
                    }
                }
            }
            try await store.runDidFinish(run, summary: RunSummary(passed: 1_600, failed: 400), status: .complete)
            #expect(
                try await SQLite.query(
                    path,
                    "SELECT COUNT(*), COUNT(DISTINCT test_id), SUM(status = 'failed') FROM results"
                )
                    == ["2000|2000|400"]
            )
            #expect(try await SQLite.query(path, "SELECT status, passed, failed FROM runs") == ["complete|1600|400"])
            #expect(try await SQLite.query(path, "PRAGMA integrity_check") == ["ok"])
        }
    }

    @Test("results of two runs recorded in turn each go to their own run, after that run's row")
    func twoRunsInTurn() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        defer { try? store.close() }
        let first = HistoryFixtures.run("first")
        let second = HistoryFixtures.run("second")
        try await store.runDidStart(first)
        for result in HistoryWriterTests.results(10, suite: "A") { try await store.record(result, in: first) }
        // The second run's row is queued behind the first run's results, and its results behind its row.
        try await store.runDidStart(second)
        for result in HistoryWriterTests.results(5, suite: "B") { try await store.record(result, in: second) }
        for result in HistoryWriterTests.results(3, suite: "C") { try await store.record(result, in: first) }
        try await store.runDidFinish(first, summary: RunSummary(passed: 10, failed: 3), status: .complete)
        try await store.runDidFinish(second, summary: RunSummary(passed: 4, failed: 1), status: .complete)
        #expect(
            try await SQLite.query(
                path,
                """
                SELECT r.id, COUNT(*) FROM results x JOIN runs r ON r.seq = x.run_seq GROUP BY r.id ORDER BY r.id
                """
            ) == ["first|13", "second|5"]
        )
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM runs WHERE status = 'complete'") == ["2"])
    }

    @Test("results of a run that never started are reported by runDidFinish; the run's own are stored")
    func failuresReportedByTheRunsEnd() async throws {
        try await HistoryWriterTests.withStartedRun { store, run, path in
            let neverStarted = HistoryFixtures.run()
            for result in HistoryWriterTests.results(10) { try await store.record(result, in: run) }
            for result in HistoryWriterTests.results(3, suite: "Orphans") {
                try await store.record(result, in: neverStarted)
            }
            for result in HistoryWriterTests.results(10, suite: "More") { try await store.record(result, in: run) }
            await #expect(throws: HistoryError.self) {
                try await store.runDidFinish(run, summary: RunSummary(passed: 16, failed: 4), status: .complete)
            }
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["20"])
            #expect(try store.run("latest").status == .complete)
            // Reported once: a later flush has nothing new to complain about.
            try await store.flush()
        }
    }
}
