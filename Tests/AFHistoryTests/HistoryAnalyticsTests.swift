import AFHistory
import AFRunner
import Foundation
import Testing

@Suite("Flaky, slowest, trends and compare on known content")
struct HistoryAnalyticsTests {
    @Test("flaky ranks by flip rate, counts retried passes, ignores skips")
    func flaky() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let flaky = try known.store.flakyTests(lastRuns: 5)
        #expect(flaky.map(\.identity) == [KnownHistory.a, KnownHistory.c, KnownHistory.b])
        let a = try #require(flaky.first)
        #expect((a.runs, a.flips, a.failures, a.score) == (5, 4, 2, 1.0))
        let c = flaky[1]
        #expect((c.runs, c.flips, c.failures) == (4, 2, 1))
        #expect(abs(c.score - 2.0 / 3.0) < 1e-9)
        #expect(flaky[2].retriedPasses == 1)
        #expect(flaky[2].score == 0.25)
        // The last two runs alone: a flipped once, b and c did not.
        #expect(try known.store.flakyTests(lastRuns: 2).map(\.identity) == [KnownHistory.a])
        #expect(try known.store.flakiness(lastRuns: 2)[KnownHistory.b] == 0)
    }

    @Test("slowest ranks by p95 of the chosen phase")
    func slowest() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let total = try known.store.slowest(phase: .total, lastRuns: 5)
        #expect(total.map(\.identity) == [KnownHistory.c, KnownHistory.b, KnownHistory.a])
        #expect((total[0].p50Ms, total[0].p95Ms, total[0].maxMs, total[0].samples) == (100, 300, 300, 3))
        let tls = try known.store.slowest(phase: .tls, lastRuns: 5, limit: 1)
        #expect(tls.count == 1)
        #expect(abs(tls[0].p95Ms - 60) < 1e-9)
    }

    @Test("trends give one point per run per suite, oldest first")
    func trends() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let series = try known.store.trends(lastRuns: 5, grouping: .suite)
        #expect(series.map(\.name) == ["Orders", "Users"])
        let orders = series[0].points
        #expect(orders.map(\.runID) == Array(KnownHistory.runIDs.prefix(4)))
        #expect(orders.map(\.p50Ms) == [100, 100, 5, 300])
        #expect(orders.map(\.failures) == [0, 0, 1, 0])
        let users = series[1].points
        #expect(users.count == 5)
        #expect(users[0].p50Ms == 15)
        #expect(users[0].p95Ms == 20)
        let byTest = try known.store.trends(lastRuns: 2, grouping: .test)
        #expect(byTest.map(\.name) == ["Orders/c", "Users/a", "Users/b"])
        #expect(byTest.allSatisfy { $0.points.count <= 2 })
    }

    @Test("compare finds newly failing, newly passing and time changes beyond the threshold")
    func compare() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let comparison = try known.store.compare("bbbb", "cccc", thresholdPercent: 20)
        #expect(comparison.newlyFailing.map(\.identity) == [KnownHistory.a])
        #expect(comparison.newlyFailing[0].headMessages == ["status: expected 200, got 500"])
        #expect(comparison.newlyPassing.map(\.identity) == [KnownHistory.c])
        #expect(comparison.timeChanged.map(\.identity) == [KnownHistory.c])
        #expect(comparison.timeChanged[0].changePercent == 5900)
        let loose = try known.store.compare("bbbb", "cccc", thresholdPercent: 5)
        #expect(loose.timeChanged.map(\.identity) == [KnownHistory.c, KnownHistory.a])
        #expect(comparison.added.isEmpty && comparison.removed.isEmpty)
        #expect(throws: HistoryError.self) { try known.store.compare("bbbb", "cccc", thresholdPercent: -1) }
    }

    @Test("compare lists tests only one run has")
    func compareAddedRemoved() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try HistoryStore.open(path: path)
        defer { try? store.close() }
        let old = HistoryFixtures.identity("old")
        let new = HistoryFixtures.identity("new")
        try await HistoryFixtures.record(store, [HistoryFixtures.result(old, .passed)])
        try await HistoryFixtures.record(store, [HistoryFixtures.result(new, .passed)])
        let comparison = try store.compare("previous", "latest")
        #expect(comparison.added == [new])
        #expect(comparison.removed == [old])
    }
}
