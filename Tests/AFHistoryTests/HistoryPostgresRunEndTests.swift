import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// The end of a run that records into a shared history waits for the push at most `--history-timeout` and
/// `PostgresHistory.pushGrace`, whatever holds the push back.
@Suite("PostgreSQL history: the run's end", .enabled(if: Backend.postgresURL != nil, Backend.skipMessage))
struct HistoryPostgresRunEndTests {
    /// How long the connection is held: past any bound below, so a run's end that waits for it fails.
    static let hold = DispatchTimeInterval.seconds(90)

    @Test("a push held back past its deadline: the run's end does not wait for it; the spool keeps the run")
    func pushHeldBack() async throws {
        let database = try TestDatabase.make(.postgres)
        defer { database.tearDown() }
        try database.createSchema()
        // 3 s: the background connect (TLS, SCRAM) has to end in that time even under ThreadSanitizer beside
        // 16 writers connecting at once.
        let store = try #require(try database.recordingStore(timeout: 3) as? PostgresHistory)
        // Connected (a query waits for the background connect).
        #expect(try store.lastRunStatuses().isEmpty)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(contentsOf: HistoryPostgresFaultTests.results, in: run)
        // Another caller holds the connection past the run's deadline. It stands for what CI met under
        // ThreadSanitizer and cannot be staged here: a push whose thread came late.
        let release = DispatchSemaphore(value: 0)
        await withCheckedContinuation { (holding: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                _ = try? store.withSession { _ throws(HistoryError) in
                    holding.resume()
                    _ = release.wait(timeout: .now() + Self.hold)
                }
            }
        }
        let ending = ContinuousClock.now
        try await store.runDidFinish(run, summary: RunSummary(passed: 35, failed: 5), status: .complete)
        let elapsed = ContinuousClock.now - ending
        release.signal()
        let warnings = store.takeWarnings()
        try await store.close()
        // About 8 s (the 3 s timeout and the 5 s grace), more when the test process's threads are busy; the
        // bound, under the 90 s hold, guards a hang, and the warning says the run's end did not wait.
        #expect(elapsed < .seconds(60), "the run's end took \(elapsed)")
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("within the history timeout (3 s)") == true, "\(warnings)")
        #expect(warnings.first?.contains("it stays in \(database.spoolPath)") == true, "\(warnings)")
        #expect(warnings.allSatisfy { !$0.contains(HistoryPostgresFaultTests.password) })

        let later = try #require(try database.recordingStore() as? PostgresHistory)
        defer { try? later.close() }
        #expect(try later.push() == 1)
        #expect(try later.push() == 0, "a second push sends nothing")
        #expect(try HistoryPostgresFaultTests.storedResults(database, runID: run.id) == 40)
    }
}
