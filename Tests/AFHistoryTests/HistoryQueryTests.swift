import AFHistory
import AFRunner
import Foundation
import Testing

@Suite("History queries on known content")
struct HistoryQueryTests {
    @Test("runs lists newest first with counts and status")
    func runs() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let runs = try known.store.runs(last: 3)
        #expect(runs.map(\.id) == Array(KnownHistory.runIDs.suffix(3).reversed()))
        let latest = try #require(runs.first)
        #expect(latest.status == .complete)
        #expect((latest.passed, latest.failed, latest.errors, latest.skipped) == (2, 0, 0, 1))
        #expect(latest.commandLine.contains("***"))
        #expect(!latest.commandLine.contains("s3cr3t"))
        #expect(latest.gitBranch == "main")
        #expect(try known.store.runs(last: 100).count == 5)
    }

    @Test(
        "a run is found by id, unambiguous prefix, latest and previous",
        arguments: [
            ("latest", 4), ("previous", 3), ("bbbb", 2), ("cccc4444-0000-0000-0000-000000000004", 3), ("aaaa1", 0),
        ]
    )
    func resolve(reference: String, index: Int) async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        #expect(try known.store.run(reference).id == KnownHistory.runIDs[index])
    }

    @Test("an ambiguous prefix and an unknown id are errors a caller can switch on")
    func resolveErrors() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
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

    @Test("show lists every result of a run with its failure messages")
    func show() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let shown = try known.store.results(ofRun: "cccc")
        #expect(shown.run.id == KnownHistory.runIDs[3])
        #expect(shown.results.map(\.identity) == [KnownHistory.a, KnownHistory.b, KnownHistory.c])
        #expect(shown.results[0].status == .failed)
        #expect(shown.results[0].failureMessages == ["status: expected 200, got 500"])
        #expect(shown.results[0].responseStatus == 500)
        #expect(shown.results[2].totalMs == 300)
        #expect(shown.results[1].line == 12)
    }

    @Test("test shows one test over runs, by suite/test or by name")
    func testHistory() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let byName = try known.store.testHistory("Users/a", last: 10)
        #expect(byName.map(\.status) == [.passed, .failed, .passed, .failed, .passed])
        #expect(byName.first?.runID == KnownHistory.runIDs[4])
        #expect(try known.store.testHistory("c", last: 2).map(\.status) == [.skipped, .passed])
        #expect(try known.store.testHistory("suites/orders.json/c", last: 1).count == 1)
        #expect(throws: HistoryError.self) { try known.store.testHistory("nope") }
    }

    @Test("last statuses skip skipped results; median durations per test")
    func lastStatusesAndMedians() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let statuses = try known.store.lastRunStatuses()
        #expect(statuses == [KnownHistory.a: .passed, KnownHistory.b: .passed, KnownHistory.c: .passed])
        let medians = try known.store.medianDurations(lastRuns: 5)
        #expect(medians[KnownHistory.a] == 10)
        #expect(medians[KnownHistory.b] == 20)
        #expect(medians[KnownHistory.c] == 100)
        #expect(try known.store.medianDurations(lastRuns: 1)[KnownHistory.c] == nil)
    }

    @Test("prune keeps the latest runs and their results")
    func prune() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        #expect(try known.store.prune(keep: 2).deleted == 3)
        #expect(try known.store.runs(last: 10).map(\.id) == Array(KnownHistory.runIDs.suffix(2).reversed()))
        #expect(try SQLite.query(known.path, "SELECT COUNT(*) FROM results") == ["6"])
        #expect(try SQLite.query(known.path, "SELECT COUNT(*) FROM metrics") == ["5"])
        // Tests are deleted with foreign-key checks off (no index leads with results.test_id): none
        // that a kept result names may go.
        #expect(try SQLite.query(known.path, "PRAGMA foreign_key_check") == [])
        #expect(
            try SQLite.query(
                known.path,
                "SELECT COUNT(*) FROM results r LEFT JOIN tests t ON t.id = r.test_id WHERE t.id IS NULL"
            ) == ["0"]
        )
        #expect(try known.store.prune(keep: 0).deleted == 2)
        #expect(try SQLite.query(known.path, "SELECT COUNT(*) FROM tests") == ["0"])
        #expect(throws: HistoryError.self) { try known.store.prune(keep: -1) }
    }
}
