import AFHistory
import AFRunner
import Foundation
import Testing

/// The outcomes `--rerun-failed` reads in a pipeline are its run group's alone, on every backend: a test the
/// group never recorded is missing (it must run), whatever earlier pipelines said of it.
@Suite("Last outcomes in a run group, on every backend")
struct HistoryRunGroupStatusTests {
    @Test(
        "each test's latest outcome in the group; skips only as skipped; none for a group with no run",
        arguments: Backend.available
    )
    func statusesInGroup(backend: Backend) async throws {
        let database = try TestDatabase.make(backend)
        defer { database.tearDown() }
        let store = try database.recordingStore()
        let (a, b, c, d) = (
            KnownHistory.a, KnownHistory.b, KnownHistory.c,
            TestIdentity(
                suiteFile: "d.json",
                suiteName: "D",
                testName: "d"
            )
        )
        func skipped(_ test: TestIdentity, _ reason: String) -> TestResult {
            var result = HistoryFixtures.result(test, .skipped)
            result.skipReason = reason
            return result
        }
        // Oldest first: an earlier pipeline, two runs of G (the second interrupted before b finished), then a
        // run without a group.
        let runs: [(String?, [TestResult])] = [
            ("earlier", [HistoryFixtures.result(a, .failed), HistoryFixtures.result(d, .passed)]),
            ("G", [HistoryFixtures.result(a, .passed), HistoryFixtures.result(b, .failed), skipped(c, "skip: true")]),
            ("G", [skipped(b, "interrupted"), skipped(a, "skip: true")]),
            (nil, [HistoryFixtures.result(c, .failed), HistoryFixtures.result(d, .failed)]),
        ]
        for (index, (group, results)) in runs.enumerated() {
            var run = HistoryFixtures.run(at: Double(index) * 60)
            run.runGroup = group
            try await store.runDidStart(run)
            for result in results { try await store.record(result, in: run) }
            try await store.runDidFinish(run, summary: RunSummary(passed: 1), status: .complete)
        }
        try store.close()
        let query = try database.queryStore()
        defer { try? query.close() }

        #expect(try query.lastRunStatuses(inRunGroup: "G") == [a: .passed, b: .error, c: .skipped])
        #expect(try query.lastRunStatuses(inRunGroup: "earlier") == [a: .failed, d: .passed])
        #expect(try query.lastRunStatuses(inRunGroup: "other") == nil)
        // The whole history's outcomes are unchanged: d's latest is the failure outside any group.
        #expect(try query.lastRunStatuses()[d] == .failed)
    }
}
