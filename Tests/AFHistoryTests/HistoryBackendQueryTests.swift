import AFHistory
import AFRunner
import Foundation
import Testing

/// `runs`, `show`, `test`, last statuses, medians and `prune` on `KnownHistory`'s content, on every backend
/// (`Backend.available`): the same answers from SQLite and PostgreSQL.
@Suite("History queries on every backend")
struct HistoryBackendQueryTests {
    @Test("runs lists newest first with counts, status and the redacted command line", arguments: Backend.available)
    func runs(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let runs = try known.store.runs(last: 3)
        #expect(runs.map(\.id) == Array(KnownHistory.runIDs.suffix(3).reversed()))
        let latest = try #require(runs.first)
        #expect(latest.status == .complete)
        #expect((latest.passed, latest.failed, latest.errors, latest.skipped) == (2, 0, 0, 1))
        #expect(latest.commandLine.contains("***") && !latest.commandLine.contains("s3cr3t"))
        #expect(latest.gitBranch == "main")
        #expect(latest.startedAt == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(try known.store.runs(last: 100).count == 5)
    }

    @Test("a run's planned size is stored at its start and merged with it", arguments: Backend.available)
    func plannedTests(backend: Backend) async throws {
        let database = try TestDatabase.make(backend)
        defer { database.tearDown() }
        let store = try database.recordingStore()
        defer { try? store.close() }
        var cut = HistoryFixtures.run()
        cut.plannedTests = 10
        try await store.runDidStart(cut)
        try await store.record(HistoryFixtures.result(KnownHistory.a, .passed), in: cut)
        try await store.runDidFinish(cut, summary: RunSummary(passed: 1), status: .interrupted)
        // A run merged from a SQLite file (a shard's artifact) keeps its planned size too.
        let shardPath = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(shardPath) }
        let shard = try await HistoryStore.open(path: shardPath)
        var merged = HistoryFixtures.run(at: 60)
        merged.plannedTests = 3
        try await shard.runDidStart(merged)
        try await shard.runDidFinish(merged, summary: RunSummary(), status: .incomplete)
        try await shard.close()
        #expect(try store.merge(from: shardPath) == 1)
        let runs = try store.runs(last: 5)
        #expect(runs.map(\.id) == [merged.id, cut.id])
        #expect(runs.map(\.plannedTests) == [3, 10])
        #expect(runs.map(\.total) == [0, 1])
    }

    @Test(
        "a run is found by id, prefix, latest and previous; ambiguity and absence are errors",
        arguments: Backend.available
    )
    func resolve(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        for (reference, index) in [
            ("latest", 4), ("previous", 3), ("bbbb", 2), (KnownHistory.runIDs[3], 3), ("aaaa1", 0),
        ] {
            #expect(try known.store.run(reference).id == KnownHistory.runIDs[index], "\(reference)")
        }
        #expect {
            _ = try known.store.run("aaaa")
        } throws: { error in
            guard case HistoryError.ambiguousRun(_, let candidates) = error else { return false }
            return candidates.count == 2
        }
        #expect {
            _ = try known.store.run("ffff")
        } throws: { error in
            if case HistoryError.runNotFound("ffff") = error { return true }
            return false
        }
    }

    @Test("show lists every result of a run with messages and timings", arguments: Backend.available)
    func show(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let shown = try known.store.results(ofRun: "cccc")
        #expect(shown.run.id == KnownHistory.runIDs[3])
        #expect(shown.results.map(\.identity) == [KnownHistory.a, KnownHistory.b, KnownHistory.c])
        #expect(shown.results[0].status == .failed)
        #expect(shown.results[0].failureMessages == ["status: expected 200, got 500"])
        #expect(shown.results[0].responseStatus == 500)
        #expect(shown.results[0].detailKept && !shown.results[1].detailKept)
        #expect(shown.results[2].totalMs == 300)
        #expect(shown.results[2].timings == HistoryFixtures.timings(total: 300))
        #expect(shown.results[1].line == 12)
    }

    @Test("test history, last statuses and medians", arguments: Backend.available)
    func tests(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let byName = try known.store.testHistory("Users/a", last: 10)
        #expect(byName.map(\.status) == [.passed, .failed, .passed, .failed, .passed])
        #expect(byName.first?.runID == KnownHistory.runIDs[4])
        #expect(try known.store.testHistory("c", last: 2).map(\.status) == [.skipped, .passed])
        // Why it was skipped is kept with the result and shown (`history show`, `history test`).
        #expect(try known.store.testHistory("c", last: 2).map(\.skipReason) == ["skip: true", nil])
        #expect(try known.store.results(ofRun: "latest").results.map(\.skipReason) == [nil, nil, "skip: true"])
        #expect(try known.store.testHistory("suites/orders.json/c", last: 1).count == 1)
        #expect(throws: HistoryError.self) { try known.store.testHistory("nope", last: 20) }
        // A name off by letter case (or a part of one) is answered with what it may have meant.
        #expect {
            try known.store.testHistory("users/A", last: 20)
        } throws: { error in
            "\(error)" == "no test named 'users/A' in the history; did you mean 'Users/a'?"
        }
        let statuses = try known.store.lastRunStatuses()
        #expect(statuses == [KnownHistory.a: .passed, KnownHistory.b: .passed, KnownHistory.c: .passed])
        let medians = try known.store.medianDurations(lastRuns: 5)
        #expect(medians == [KnownHistory.a: 10, KnownHistory.b: 20, KnownHistory.c: 100])
        #expect(try known.store.medianDurations(lastRuns: 1)[KnownHistory.c] == nil)
    }

    @Test("prune keeps the latest runs, their results and the tests they name", arguments: Backend.available)
    func prune(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let pruned = try known.store.prune(keep: 2)
        #expect((pruned.deleted, pruned.kept) == (3, 2))
        #expect(try known.store.runs(last: 10).map(\.id) == Array(KnownHistory.runIDs.suffix(2).reversed()))
        #expect(try known.store.results(ofRun: "latest").results.count == 3)
        #expect(try known.store.testHistory("Users/a", last: 10).count == 2)
        if backend == .sqlite {
            let path = known.database.location
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["6"])
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM metrics") == ["5"])
            // Tests are deleted with foreign-key checks off (no index leads with results.test_id): none
            // that a kept result names may go.
            #expect(try await SQLite.query(path, "PRAGMA foreign_key_check") == [])
            #expect(
                try await SQLite.query(
                    path,
                    "SELECT COUNT(*) FROM results r LEFT JOIN tests t ON t.id = r.test_id WHERE t.id IS NULL"
                ) == ["0"]
            )
        }
        #expect(try known.store.prune(keep: 0).deleted == 2)
        #expect(throws: HistoryError.self) { try known.store.testHistory("a", last: 1) }
        if backend == .sqlite {
            #expect(try await SQLite.query(known.database.location, "SELECT COUNT(*) FROM tests") == ["0"])
        }
        #expect(throws: HistoryError.self) { try known.store.prune(keep: -1) }
    }
}
