import AFHistory
import AFReports
import AFRunner
import Foundation
import Testing

/// The history page reads a CI pipeline (shards, then `--rerun-failed`, one run group) as one point.
@Suite("History report: run groups")
struct HistoryReportGroupTests {
    /// Records one run of `group` with the given outcomes.
    private static func record(
        _ store: HistoryStore,
        group: String,
        shard: String?,
        minute: Double,
        _ outcomes: [(String, TestStatus)]
    ) async throws {
        let run = RunInfo(
            id: UUID().uuidString,
            startedAt: Date(timeIntervalSince1970: 1_800_000_000 + minute * 60),
            commandLine: ["afrun", "run", "suites"],
            host: "ci",
            afrunVersion: "0.1.0",
            libcurlVersion: "7.88.1",
            opensslVersion: "3.0.15",
            gitCommit: "c0ffee" + group,
            shard: shard,
            runGroup: group
        )
        try await store.runDidStart(run)
        for (name, status) in outcomes {
            let identity = TestIdentity(suiteFile: "suites/api.json", suiteName: "API", testName: name)
            try await store.record(
                TestResult(identity: identity, line: 1, status: status, startedAt: run.startedAt, durationMs: 5),
                in: run
            )
        }
        try await store.runDidFinish(run, summary: RunSummary(), status: .complete)
    }

    @Test("shards and the rerun of one group make one point, each test at its latest outcome, compared whole")
    func pipelineIsOnePoint() async throws {
        let (store, path) = try await ReportFixtures.temporaryHistory()
        defer { ReportFixtures.removeTemporaryFile(path) }
        try await Self.record(store, group: "41", shard: "1/2", minute: 0, [("a", .passed), ("b", .failed)])
        try await Self.record(store, group: "41", shard: "2/2", minute: 1, [("c", .passed), ("d", .failed)])
        try await Self.record(store, group: "41", shard: nil, minute: 2, [("b", .failed), ("d", .passed)])
        try await Self.record(store, group: "42", shard: "1/2", minute: 10, [("a", .passed), ("b", .failed)])
        try await Self.record(store, group: "42", shard: "2/2", minute: 11, [("c", .failed), ("d", .passed)])
        try await Self.record(store, group: "42", shard: nil, minute: 12, [("b", .failed), ("c", .failed)])
        let report = try HistoryReport.read(from: store, last: 20, suites: [])
        // A window of 5 runs holds group 41's shard 2/2 and rerun, not its shard 1/2: that group is left out.
        let window = try HistoryReport.read(from: store, last: 5, suites: [])
        try await store.close()
        #expect(window.points.map(\.label) == ["group 42"])
        #expect(report.points.map(\.label) == ["group 41", "group 42"])
        #expect(report.points.map(\.passed) == [3, 2])
        #expect(report.points.map(\.failed) == [1, 2])
        let comparison = try #require(report.comparison)
        #expect(comparison.newlyFailing.map(\.identity.testName) == ["c"])
        #expect(comparison.newlyPassing.isEmpty)
        #expect(comparison.added.isEmpty && comparison.removed.isEmpty)
        let page = report.html()
        #expect(page.contains(#"<td class="mono">group 42 (3 runs)</td>"#), "\(page)")
        #expect(page.contains("75.0%") && page.contains("50.0%"))
        #expect(page.contains("New failures (1)"))
        #expect(!page.contains("nothing to compare"))
    }
}
