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
        let (a, b, c) = (KnownHistory.a, KnownHistory.b, KnownHistory.c)
        let (d, e, f) = (Self.test("d"), Self.test("e"), Self.test("f"))
        func skipped(_ test: TestIdentity, _ reason: String) -> TestResult {
            var result = HistoryFixtures.result(test, .skipped)
            result.skipReason = reason
            return result
        }
        // Oldest first: an earlier pipeline, two runs of G (the first stopped by --fail-fast before e, the second
        // interrupted before b started and while f was in flight), then a run without a group.
        let runs: [(String?, [TestResult])] = [
            ("earlier", [HistoryFixtures.result(a, .failed), HistoryFixtures.result(d, .passed)]),
            (
                "G",
                [
                    HistoryFixtures.result(a, .passed), HistoryFixtures.result(b, .failed), skipped(c, "skip: true"),
                    HistoryFixtures.result(f, .passed), skipped(e, SkipReason.failFast),
                ]
            ),
            (
                "G",
                [
                    skipped(b, SkipReason.interrupted), skipped(a, "skip: true"),
                    skipped(f, SkipReason.cancelledInFlight),
                ]
            ),
            (nil, [HistoryFixtures.result(c, .failed), HistoryFixtures.result(d, .failed)]),
        ]
        for (index, (group, results)) in runs.enumerated() {
            var run = HistoryFixtures.run(at: Double(index) * 60)
            run.runGroup = group
            try await store.runDidStart(run)
            for result in results { try await store.record(result, in: run) }
            try await store.runDidFinish(run, summary: RunSummary(passed: 1), status: .complete)
        }
        try await store.close()
        let query = try database.queryStore()
        defer { try? query.close() }

        // e never ran in G (--fail-fast stopped the run first): no verdict, so it is missing.
        #expect(try query.lastRunStatuses(inRunGroup: "G") == [a: .passed, b: .error, c: .skipped, f: .error])
        #expect(try query.lastRunStatuses(inRunGroup: "earlier") == [a: .failed, d: .passed])
        #expect(try query.lastRunStatuses(inRunGroup: "other") == nil)
        // The whole history's outcomes are unchanged: d's latest is the failure outside any group.
        #expect(try query.lastRunStatuses()[d] == .failed)
        // A transfer cancelled in flight by the interruption is no pass either, in the whole history too.
        #expect(try query.lastRunStatuses()[f] == .error)
    }

    static func test(_ name: String) -> TestIdentity {
        TestIdentity(suiteFile: "\(name).json", suiteName: name.uppercased(), testName: name)
    }
}
