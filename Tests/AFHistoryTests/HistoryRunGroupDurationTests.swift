import AFHistory
import AFRunner
import Foundation
import Testing

/// The medians `--shard` reads leave out the current run group's runs, on every backend: a pipeline's
/// re-run, whose history holds the first attempt's runs, reads what the first attempt read.
@Suite("Median durations without a run group, on every backend")
struct HistoryRunGroupDurationTests {
    @Test("the excluded group's runs count neither in the window nor for durations", arguments: Backend.available)
    func excludesGroup(backend: Backend) async throws {
        let database = try TestDatabase.make(backend)
        defer { database.tearDown() }
        let store = try database.recordingStore()
        let test = KnownHistory.a
        // Two runs of an earlier pipeline (10 and 30 ms), then two of pipeline G (1,000 ms), oldest first;
        // and one run without a group (50 ms) in between.
        for (index, (group, ms)) in [("earlier", 10.0), ("earlier", 30), (nil, 50), ("G", 1000), ("G", 1000)]
            .enumerated()
        {
            var run = HistoryFixtures.run(at: Double(index) * 60)
            run.runGroup = group
            try await store.runDidStart(run)
            try await store.record(HistoryFixtures.result(test, .passed, ms: ms), in: run)
            try await store.runDidFinish(run, summary: RunSummary(passed: 1), status: .complete)
        }
        try await store.close()
        let query = try database.queryStore()
        defer { try? query.close() }

        // The latest 2 runs outside G: 30 and 50 ms; every run: the two of G.
        #expect(try query.medianDurations(lastRuns: 2, excludingRunGroup: "G") == [test: 40])
        #expect(try query.medianDurations(lastRuns: 2, excludingRunGroup: nil) == [test: 1000])
        #expect(try query.medianDurations(lastRuns: 2) == [test: 1000])
        // A group with no run leaves every run in: 10, 30, 50, 1000, 1000.
        #expect(try query.medianDurations(lastRuns: 20, excludingRunGroup: "other") == [test: 50])
        #expect(try query.medianDurations(lastRuns: 20, excludingRunGroup: "G") == [test: 30])
        #expect(try query.medianDurations(lastRuns: 0, excludingRunGroup: "G").isEmpty)
    }
}
