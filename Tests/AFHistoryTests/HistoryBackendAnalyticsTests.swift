import AFHistory
import AFRunner
import Foundation
import Testing

/// `flaky`, `slowest`, `trends`, `compare`, `merge` and run groups on `KnownHistory`'s content, on every
/// backend (`Backend.available`): the same answers from SQLite and PostgreSQL.
@Suite("Flaky, slowest, trends and compare on every backend")
struct HistoryBackendAnalyticsTests {
    @Test("flaky ranks by flip rate, counts retried passes, ignores skips", arguments: Backend.available)
    func flaky(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let flaky = try known.store.flakyTests(lastRuns: 5, includeStable: false)
        #expect(flaky.map(\.identity) == [KnownHistory.a, KnownHistory.c, KnownHistory.b])
        let a = try #require(flaky.first)
        #expect((a.runs, a.flips, a.failures, a.score) == (5, 4, 2, 1.0))
        #expect((flaky[1].runs, flaky[1].flips, flaky[1].failures) == (4, 2, 1))
        #expect(abs(flaky[1].score - 2.0 / 3.0) < 1e-9)
        #expect(flaky[2].retriedPasses == 1 && flaky[2].score == 0.25)
        // Over the last two runs `a` changed once: it broke (or was fixed), which is not flakiness; over three it
        // went back.
        #expect(try known.store.flakyTests(lastRuns: 2, includeStable: false).isEmpty)
        #expect(try known.store.flakyTests(lastRuns: 3, includeStable: false).map(\.identity).first == KnownHistory.a)
        #expect(try known.store.flakiness(lastRuns: 2)[KnownHistory.b] == 0)
    }

    @Test("slowest ranks by p95 of the chosen phase", arguments: Backend.available)
    func slowest(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let total = try known.store.slowest(phase: .total, lastRuns: 5, limit: 20)
        #expect(total.map(\.identity) == [KnownHistory.c, KnownHistory.b, KnownHistory.a])
        #expect((total[0].p50Ms, total[0].p95Ms, total[0].maxMs, total[0].samples) == (100, 300, 300, 3))
        let tls = try known.store.slowest(phase: .tls, lastRuns: 5, limit: 1)
        #expect(tls.count == 1 && abs(tls[0].p95Ms - 60) < 1e-9)
    }

    @Test("trends give one point per run per suite, oldest first", arguments: Backend.available)
    func trends(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let series = try known.store.trends(lastRuns: 5, grouping: .suite, phase: .total)
        #expect(series.map(\.name) == ["Orders", "Users"])
        #expect(series[0].points.map(\.runID) == Array(KnownHistory.runIDs.prefix(4)))
        #expect(series[0].points.map(\.p50Ms) == [100, 100, 5, 300])
        #expect(series[0].points.map(\.failures) == [0, 0, 1, 0])
        #expect(series[1].points.count == 5 && series[1].points[0].p50Ms == 15 && series[1].points[0].p95Ms == 20)
        let byTest = try known.store.trends(lastRuns: 2, grouping: .test, phase: .total)
        #expect(byTest.map(\.name) == ["Orders/c", "Users/a", "Users/b"])
        #expect(byTest.allSatisfy { $0.points.count <= 2 })
    }

    @Test("compare lists each test once: newly failing, newly passing, time changes", arguments: Backend.available)
    func compare(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let comparison = try known.store.compare("bbbb", "cccc", thresholdPercent: 20)
        #expect(comparison.newlyFailing.map(\.identity) == [KnownHistory.a])
        #expect(comparison.newlyFailing[0].headMessages == ["status: expected 200, got 500"])
        #expect(comparison.newlyPassing.map(\.identity) == [KnownHistory.c])
        // c passed again 60 times slower: one entry, newly passing, carrying its time change.
        #expect(comparison.newlyPassing[0].changePercent == 5900)
        #expect(comparison.timeChanged.isEmpty)
        // At 4% b (21 → 20 ms, same outcome) is a time change; a and c, whose outcome changed, are not listed
        // again however much their time changed.
        let loose = try known.store.compare("bbbb", "cccc", thresholdPercent: 4)
        #expect(loose.timeChanged.map(\.identity) == [KnownHistory.b])
        #expect(loose.newlyFailing.map(\.identity) == [KnownHistory.a])
        #expect(comparison.added.isEmpty && comparison.removed.isEmpty && comparison.moved.isEmpty)
        #expect(throws: HistoryError.self) { try known.store.compare("bbbb", "cccc", thresholdPercent: -1) }
    }

    @Test("compare lists tests only one run has", arguments: Backend.available)
    func compareAddedRemoved(backend: Backend) async throws {
        let database = try TestDatabase.make(backend)
        defer { database.tearDown() }
        let store = try database.recordingStore()
        defer { try? store.close() }
        let old = HistoryFixtures.identity("old")
        let new = HistoryFixtures.identity("new")
        try await HistoryFixtures.record(store, [HistoryFixtures.result(old, .passed)])
        try await HistoryFixtures.record(store, [HistoryFixtures.result(new, .passed)])
        let comparison = try store.compare("previous", "latest", thresholdPercent: 20)
        #expect(comparison.added == [new])
        #expect(comparison.removed == [old])
    }

    @Test("compare matches tests across a moved suite file by suite and test names", arguments: Backend.available)
    func compareMovedSuiteFile(backend: Backend) async throws {
        let database = try TestDatabase.make(backend)
        defer { database.tearDown() }
        let store = try database.recordingStore()
        defer { try? store.close() }
        let inFile = { (file: String, test: String) in
            TestIdentity(suiteFile: file, suiteName: "Echo", testName: test)
        }
        try await HistoryFixtures.record(
            store,
            [
                HistoryFixtures.result(inFile("suites/old.json", "cap"), .passed),
                HistoryFixtures.result(inFile("suites/old.json", "get"), .passed),
                HistoryFixtures.result(inFile("suites/one.json", "twin"), .passed),
                HistoryFixtures.result(inFile("suites/two.json", "twin"), .passed),
            ]
        )
        try await HistoryFixtures.record(
            store,
            [
                HistoryFixtures.result(inFile("suites/new.json", "cap"), .failed),
                HistoryFixtures.result(inFile("suites/new.json", "get"), .passed),
                HistoryFixtures.result(inFile("suites/three.json", "twin"), .passed),
            ]
        )
        let comparison = try store.compare("previous", "latest", thresholdPercent: 20)
        #expect(comparison.newlyFailing.map(\.identity) == [inFile("suites/new.json", "cap")])
        #expect(comparison.newlyFailing.map(\.movedFrom) == ["suites/old.json"])
        #expect(comparison.moved.map(\.identity) == [inFile("suites/new.json", "get")])
        #expect(comparison.moved.map(\.movedFrom) == ["suites/old.json"])
        // Two tests of A carry Echo/twin: which one moved is unknown, so nothing is matched.
        #expect(comparison.added == [inFile("suites/three.json", "twin")])
        #expect(comparison.removed == [inFile("suites/one.json", "twin"), inFile("suites/two.json", "twin")])
    }

    @Test("merge copies a SQLite file's runs once, tags and TLS included", arguments: Backend.available)
    func merge(backend: Backend) async throws {
        let known = try await BackendKnownHistory.make(backend)
        defer { known.tearDown() }
        let shardPath = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(shardPath) }
        let shard = try await HistoryStore.open(path: shardPath)
        var result = HistoryFixtures.result(HistoryFixtures.identity("d", suite: "Shard"), .failed, ms: 40)
        result.tags = ["smoke"]
        let run = try await HistoryFixtures.record(shard, [result, HistoryFixtures.result(KnownHistory.a, .passed)])
        try await shard.close()
        #expect(try known.store.merge(from: shardPath) == 1)
        #expect(try known.store.merge(from: shardPath) == 0, "a second merge copies nothing")
        #expect(try known.store.runs(last: 10).count == 6)
        let shown = try known.store.results(ofRun: run.id)
        #expect(shown.results.map(\.identity.testName) == ["d", "a"])
        #expect(shown.results[0].failureMessages == ["status: expected 200, got 500"])
        #expect(try known.store.testHistory("Users/a", last: 6).count == 6, "the same test maps to one identity")
        #expect(throws: HistoryError.self) { try known.store.merge(from: "/nonexistent/history.sqlite") }
    }

    @Test("a run's group is stored, read back, and groups the shards into one run", arguments: Backend.available)
    func runGroup(backend: Backend) async throws {
        let database = try TestDatabase.make(backend)
        defer { database.tearDown() }
        let store = try database.recordingStore()
        defer { try? store.close() }
        for shard in ["1/2", "2/2"] {
            var run = HistoryFixtures.run()
            run.shard = shard
            run.runGroup = "pipeline-42"
            try await store.runDidStart(run)
            try await store.record(HistoryFixtures.result(KnownHistory.a, .passed), in: run)
            try await store.runDidFinish(run, summary: RunSummary(passed: 1), status: .complete)
        }
        try await HistoryFixtures.record(store, [HistoryFixtures.result(KnownHistory.b, .passed)])
        let runs = try store.runs(last: 10)
        #expect(runs.map(\.runGroup) == [nil, "pipeline-42", "pipeline-42"])
        #expect(runs.compactMap(\.shard).sorted() == ["1/2", "2/2"])
        // Put together, the pipeline's shards are one run.
        let groups = RunGroupSummary.grouping(runs)
        #expect(groups.map(\.group) == [nil, "pipeline-42"])
        #expect(groups[1].runIDs.count == 2 && groups[1].shards == ["1/2", "2/2"])
        #expect((groups[1].passed, groups[1].total, groups[1].status) == (2, 2, .complete))
    }
}
