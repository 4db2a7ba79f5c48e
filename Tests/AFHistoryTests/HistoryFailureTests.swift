import AFRunner
import Foundation
import GRDB
import Testing

@testable import AFHistory

/// What a run's history says when it could not store everything, and the small promises of merge and prune.
@Suite("History: failed writes, merge order, prune counts")
struct HistoryFailureTests {
    /// A store whose file may grow by `pages` pages at most: SQLite then fails writes with SQLITE_FULL, as on a
    /// full disk.
    static func limitedStore(_ path: String, pages: Int) async throws -> HistoryStore {
        try await HistoryStore.open(path: path).close()
        let used = Int(try await SQLite.query(path, "PRAGMA page_count").first ?? "") ?? 0
        return try HistoryStore.open(path: path, detail: .all) { configuration in
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA max_page_count = \(used + pages)") }
        }
    }

    @Test(
        "a disk that fills mid-run: the run is marked incomplete with the results actually stored, and its end says why"
    )
    func diskFullMidRun() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await Self.limitedStore(path, pages: 4)
        defer { try? store.close() }
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(contentsOf: HistoryWriterTests.results(20), in: run)
        try await store.flush()
        try await store.record(contentsOf: HistoryWriterTests.results(2_000, suite: "Large"), in: run)
        var thrown: (any Error)?
        do {
            try await store.runDidFinish(run, summary: RunSummary(passed: 1_616, failed: 404), status: .complete)
        } catch {
            thrown = error
        }
        let error = try #require(thrown as? HistoryError, "the run's end reported no failure")
        let stored = Int(try await SQLite.query(path, "SELECT COUNT(*) FROM results").first ?? "") ?? -1
        #expect(stored >= 20 && stored < 2_020)
        #expect("\(error)".contains("database or disk is full"), "\(error)")
        #expect("\(error)".contains("\(stored) of 2020 results stored"), "\(error)")
        #expect(
            try await SQLite.query(path, "SELECT status, passed + failed + errors + skipped FROM runs") == [
                "incomplete|\(stored)"
            ]
        )
        #expect(try store.run("latest").status == .incomplete)
    }

    @Test("a history that takes no write from the start: the run's end names the write that failed, not a missing run")
    func nothingWritable() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        try await HistoryStore.open(path: path).close()
        let store = try HistoryStore.open(path: path, detail: .failures) { $0.readonly = true }
        defer { try? store.close() }
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(contentsOf: HistoryWriterTests.results(5), in: run)
        await #expect {
            try await store.runDidFinish(run, summary: RunSummary(passed: 4, failed: 1), status: .complete)
        } throws: { error in
            "\(error)".contains("the file is read-only for this process")
                && "\(error)".contains("0 of 5 results stored")
                && "\(error)".contains("make the file writable")
                && !"\(error)".contains("no run matches")
        }
    }

    @Test("after a merge, latest and previous follow the runs' start times, not the order they were copied in")
    func latestFollowsStartTime() async throws {
        let path = HistoryFixtures.databasePath()
        let shardPath = HistoryFixtures.databasePath()
        defer {
            HistoryFixtures.remove(path)
            HistoryFixtures.remove(shardPath)
        }
        let shard = try await HistoryStore.open(path: shardPath)
        try await Self.record(shard, id: "older", at: 10)
        try await shard.close()
        let store = try await HistoryStore.open(path: path)
        defer { try? store.close() }
        try await Self.record(store, id: "newer", at: 20)
        #expect(try store.merge(from: shardPath) == 1)
        #expect(try store.run("latest").id == "newer")
        #expect(try store.run("previous").id == "older")
        #expect(try store.runs().map(\.id) == ["newer", "older"])
    }

    @Test("prune reports the runs it kept, not the number asked for")
    func pruneCountsWhatIsKept() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        defer { try? store.close() }
        for n in 0..<3 { try await Self.record(store, id: "run\(n)", at: Double(n)) }
        #expect(try store.prune(keep: 10) == PruneOutcome(deleted: 0, kept: 3))
        #expect(try store.prune(keep: 2) == PruneOutcome(deleted: 1, kept: 2))
    }

    static func record(_ store: HistoryStore, id: String, at seconds: TimeInterval) async throws {
        let run = HistoryFixtures.run(id, at: seconds)
        try await store.runDidStart(run)
        try await store.record(contentsOf: HistoryWriterTests.results(3), in: run)
        try await store.runDidFinish(run, summary: RunSummary(passed: 2, failed: 1), status: .complete)
    }
}
