import AFHistory
import AFReports
import AFRunner
import Foundation
import Testing

/// The history page says which runs did not complete, so an interrupted run's pass rate is not read whole.
@Suite("History report: runs that did not complete")
struct HistoryReportStatusTests {
    @Test("an interrupted run is marked in the runs table and its bar's title; a lone shard is '1 shard'")
    func interruptedRunIsMarked() async throws {
        let (store, path) = try await ReportFixtures.temporaryHistory()
        defer { ReportFixtures.removeTemporaryFile(path) }
        try await ReportFixtures.feed(store, status: .interrupted)
        var complete = ReportFixtures.run
        complete.id = "7e000000-1111-2222-3333-444455556666"
        complete.startedAt = ReportFixtures.run.startedAt.addingTimeInterval(60)
        complete.gitCommit = nil
        complete.shard = nil
        try await store.runDidStart(complete)
        try await store.runDidFinish(complete, summary: RunSummary(), status: .complete)
        let page = try HistoryReport.read(from: store, last: 20, suites: []).html()
        try await store.close()
        #expect(
            page.contains(#"<td class="mono">0123abcd (1 shard)<span class="st-note"> interrupted</span></td>"#),
            "\(page)"
        )
        #expect(page.contains(#"<td class="mono">7e000000</td>"#), "\(page)")
        #expect(page.contains(" · shards 1/2 · interrupted</title>"), "\(page)")
        #expect(page.components(separatedBy: "st-note\">").count == 2)
    }
}
