import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// Many runners recording into one shared history at once.
@Suite("PostgreSQL history: concurrent writers", .enabled(if: Backend.postgresURL != nil, Backend.skipMessage))
struct HistoryPostgresConcurrencyTests {
    @Test("16 writers with one spool record 16 runs of 250 results each: nothing lost, nothing twice")
    func sixteenWriters() async throws {
        let database = try TestDatabase.make(.postgres)
        defer { database.tearDown() }
        let writers = 16
        let perRun = 250
        let runIDs = try await withThrowingTaskGroup(of: String.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let store = try database.recordingStore()
                    defer { try? store.close() }
                    // Every writer names the same tests: the suites and tests are upserted by all at once.
                    let results = (0..<perRun).map { index in
                        HistoryFixtures.result(
                            HistoryFixtures.identity("t\(index)", suite: "S\(index % 5)"),
                            (index + writer) % 11 == 0 ? .failed : .passed
                        )
                    }
                    let run = try await HistoryFixtures.record(store, results)
                    #expect(store.takeWarnings().isEmpty)
                    return run.id
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        let store = try database.queryStore()
        defer { try? store.close() }
        let runs = try store.runs(last: 100)
        #expect(Set(runs.map(\.id)) == Set(runIDs))
        #expect(runs.count == writers)
        for run in runs {
            #expect(try store.results(ofRun: run.id).results.count == perRun)
            #expect(run.total == perRun && run.status == .complete)
        }
        #expect(try store.medianDurations(lastRuns: writers).count == perRun)
    }
}
