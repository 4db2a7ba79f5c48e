import AFHistory
import AFRunner
import Foundation

/// `KnownHistory`'s five runs recorded into a database of either backend, through its recording store (a
/// PostgreSQL history pushes each run from its spool as the run ends).
struct BackendKnownHistory {
    let database: TestDatabase
    let store: any HistoryStoring

    static func make(_ backend: Backend, detail: HistoryDetail = .failures) async throws -> BackendKnownHistory {
        let database = try TestDatabase.make(backend)
        let store = try database.recordingStore(detail: detail)
        let (a, b, c) = (KnownHistory.a, KnownHistory.b, KnownHistory.c)
        let f = HistoryFixtures.result
        let runs: [[TestResult]] = [
            [f(a, .passed, 10, 1, 7), f(b, .passed, 20, 1, 12), f(c, .passed, 100, 1, 3)],
            [f(a, .failed, 12, 1, 7), f(b, .passed, 22, 1, 12), f(c, .passed, 100, 1, 3)],
            [f(a, .passed, 11, 1, 7), f(b, .passed, 21, 2, 12), f(c, .error, 5, 1, 3)],
            [f(a, .failed, 10, 1, 7), f(b, .passed, 20, 1, 12), f(c, .passed, 300, 1, 3)],
            [f(a, .passed, 10, 1, 7), f(b, .passed, 20, 1, 12), f(c, .skipped, 0, 1, 3)],
        ]
        for (id, results) in zip(KnownHistory.runIDs, runs) {
            try await HistoryFixtures.record(store, results, id: id)
        }
        return BackendKnownHistory(database: database, store: store)
    }

    func tearDown() {
        try? store.close()
        database.tearDown()
    }
}
