import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// Schema v5: each run stores the range of result ids it wrote, and every per-run query reads that range of
/// the rowid and keeps its `run_seq` condition, so runs whose ids interleave still see exactly their results.
@Suite("History: runs' ranges of result ids")
struct HistoryResultRangeTests {
    @Test("a recorded run gets its range: from the largest id at its start plus one to the largest id at its end")
    func recordedRunGetsBounds() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        defer { try? store.close() }
        let empty = HistoryFixtures.run("eeee0000-0000-0000-0000-000000000000")
        try await store.runDidStart(empty)
        try await store.runDidFinish(empty, summary: RunSummary(), status: .complete)
        let a = HistoryFixtures.identity("a")
        let b = HistoryFixtures.identity("b")
        try await HistoryFixtures.record(
            store,
            [HistoryFixtures.result(a, .passed), HistoryFixtures.result(b, .failed)]
        )
        let running = HistoryFixtures.run("ffff0000-0000-0000-0000-000000000000")
        try await store.runDidStart(running)
        try await store.flush()
        try await HistoryFixtures.record(store, [HistoryFixtures.result(a, .passed)])

        let bounds =
            "SELECT id, status, IFNULL(first_result_id, '-'), IFNULL(last_result_id, '-') FROM runs ORDER BY seq"
        let rows = try await SQLite.query(path, bounds)
        #expect(rows.count == 4)
        #expect(rows[0].hasSuffix("|complete|1|-"), "an empty history's first run: from id 1, no last id: \(rows[0])")
        #expect(rows[1].hasSuffix("|complete|1|2"), "\(rows[1])")
        #expect(rows[2].hasSuffix("|running|3|-"), "still recording: open-ended: \(rows[2])")
        #expect(rows[3].hasSuffix("|complete|3|3"), "\(rows[3])")
        #expect(try store.results(ofRun: empty.id).results.isEmpty)
        #expect(try store.results(ofRun: running.id).results.isEmpty)
        #expect(try store.results(ofRun: "latest").results.map(\.identity) == [a])
    }

    @Test("a run without results and NULL bounds gives no rows, not every row")
    func nullBoundsGiveNoRows() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        _ = try await SQLite.query(
            known.path,
            "UPDATE runs SET first_result_id = NULL, last_result_id = NULL WHERE seq = 3"
        )
        #expect(try known.store.results(ofRun: KnownHistory.runIDs[2]).results.isEmpty)
        let comparison = try known.store.compare(KnownHistory.runIDs[2], KnownHistory.runIDs[3])
        #expect(comparison.added.count == 3, "run 3 reads as empty: all of run 4 is new")
    }

    @Test("a run marked interrupted gets its last result id, and its totals from its range")
    func interruptedRunGetsLastID() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        let a = HistoryFixtures.identity("a")
        let b = HistoryFixtures.identity("b")
        try await HistoryFixtures.record(
            store,
            [HistoryFixtures.result(a, .failed), HistoryFixtures.result(b, .failed)]
        )
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(HistoryFixtures.result(a, .passed), in: run)
        try await store.record(HistoryFixtures.result(b, .failed), in: run)
        try await store.close()
        _ = try await SQLite.query(
            path,
            "UPDATE runs SET pid = \(try await HistoryConcurrencyTests.pidOfExitedProcess()) WHERE status = 'running'"
        )
        let reopened = try await HistoryStore.open(path: path)
        defer { try? reopened.close() }
        let found = try reopened.run("latest")
        #expect(found.status == .interrupted)
        #expect((found.passed, found.failed) == (1, 1), "the earlier run's failures are not counted")
        #expect(
            try await SQLite.query(path, "SELECT first_result_id, last_result_id FROM runs WHERE seq = 2") == ["3|4"]
        )
    }

    @Test(
        "two stores recording interleaved runs into one file: show, compare, flaky and test see exactly each run's results"
    )
    func interleavedRuns() async throws {
        let history = try await InterleavedHistory.make(pairs: 4, tests: 5)
        defer { history.tearDown() }
        let store = history.first
        // The ranges overlap: each holds the other run's ids too.
        #expect(
            try await SQLite.query(history.path, "SELECT first_result_id, last_result_id FROM runs WHERE seq <= 2") == [
                "1|10", "1|10",
            ]
        )
        for pair in 0..<4 {
            for side in ["x", "y"] {
                let results = try store.results(ofRun: InterleavedHistory.runID(side, pair)).results
                #expect(results.map(\.identity.testName) == (0..<5).map { "t\($0)" }, "run \(side)\(pair)")
                #expect(results.allSatisfy { $0.identity.suiteName == side.uppercased() })
                #expect(results.map(\.status) == (0..<5).map { InterleavedHistory.status(pair: pair, test: $0) })
            }
        }
        let comparison = try store.compare(InterleavedHistory.runID("x", 2), InterleavedHistory.runID("x", 3))
        #expect(comparison.added.isEmpty && comparison.removed.isEmpty, "one suite on both sides")
        // Pair 2 → 3: t1 and t4 pass after failing, t0 and t3 fail after passing (t2 neither).
        #expect(comparison.newlyPassing.map(\.identity.testName) == ["t1", "t4"])
        #expect(comparison.newlyFailing.map(\.identity.testName) == ["t0", "t3"])

        let flaky = try store.flakyTests(lastRuns: 4, includeStable: true)
        #expect(flaky.count == 10, "each suite's 5 tests, over the last two pairs")
        #expect(flaky.allSatisfy { $0.runs == 2 }, "\(flaky.map { ($0.identity.description, $0.runs) })")
        let slowest = try store.slowest(lastRuns: 2)
        #expect(slowest.allSatisfy { $0.samples == 1 })
        let trends = try store.trends(lastRuns: 2, grouping: .test)
        #expect(trends.count == 10 && trends.allSatisfy { $0.points.count == 1 })

        let t1 = try store.testHistory("X/t1", last: 3)
        #expect(t1.map(\.runID) == [3, 2, 1].map { InterleavedHistory.runID("x", $0) })
        #expect(t1.map(\.status) == [3, 2, 1].map { InterleavedHistory.status(pair: $0, test: 1) })
        #expect(try store.testHistory("Y/t4", last: 20).count == 4, "every run that ran it, no more")
    }

    @Test("flaky counts a test's outcomes in run order when a later run recorded it before an earlier one did")
    func flakyInRunOrder() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let first = try await HistoryStore.open(path: path)
        defer { try? first.close() }
        let second = try await HistoryStore.open(path: path)
        defer { try? second.close() }
        let a = HistoryFixtures.identity("a")
        let b = HistoryFixtures.identity("b")
        let earlier = HistoryFixtures.run()
        let later = HistoryFixtures.run()
        try await first.runDidStart(earlier)
        try await first.flush()
        try await second.runDidStart(later)
        try await second.flush()
        // The later run records `a` (failed) first: by id, `a` went failed, passed, passed; by run, passed,
        // failed, passed.
        try await second.record(HistoryFixtures.result(a, .failed), in: later)
        try await first.record(HistoryFixtures.result(a, .passed), in: earlier)
        try await first.record(HistoryFixtures.result(b, .passed), in: earlier)
        try await second.record(HistoryFixtures.result(b, .passed), in: later)
        try await first.runDidFinish(earlier, summary: RunSummary(passed: 2), status: .complete)
        try await second.runDidFinish(later, summary: RunSummary(passed: 1, failed: 1), status: .complete)
        try await HistoryFixtures.record(
            first,
            [HistoryFixtures.result(a, .passed), HistoryFixtures.result(b, .passed)]
        )

        let flaky = try first.flakyTests(lastRuns: 3, includeStable: true)
        #expect(flaky.map(\.identity) == [a, b])
        #expect(flaky.first?.flips == 2, "passed, failed, passed")
        #expect(flaky.first?.lastStatus == .passed)
        #expect(flaky.last?.flips == 0)
    }
}
