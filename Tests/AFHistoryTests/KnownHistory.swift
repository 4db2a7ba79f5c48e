import AFHistory
import AFRunner
import Foundation

/// Five runs of three tests with outcomes chosen so every query has a known answer:
///
/// | run | Users/a | Users/b | Orders/c |
/// | --- | --- | --- | --- |
/// | 1 aaaa1111 | passed 10 | passed 20 | passed 100 |
/// | 2 aaaa2222 | failed 12 | passed 22 | passed 100 |
/// | 3 bbbb3333 | passed 11 | passed 21 (2 attempts) | error 5 |
/// | 4 cccc4444 | failed 10 | passed 20 | passed 300 |
/// | 5 dddd5555 | passed 10 | passed 20 | skipped |
struct KnownHistory {
    static let a = HistoryFixtures.identity("a")
    static let b = HistoryFixtures.identity("b")
    static let c = HistoryFixtures.identity("c", suite: "Orders")
    static let runIDs = [
        "aaaa1111-0000-0000-0000-000000000001", "aaaa2222-0000-0000-0000-000000000002",
        "bbbb3333-0000-0000-0000-000000000003", "cccc4444-0000-0000-0000-000000000004",
        "dddd5555-0000-0000-0000-000000000005",
    ]

    let path: String
    let store: HistoryStore

    static func make(detail: HistoryDetail = .failures) async throws -> KnownHistory {
        let path = HistoryFixtures.databasePath()
        let store = try await HistoryStore.open(path: path, detail: detail)
        let f = HistoryFixtures.result
        let runs: [[TestResult]] = [
            [f(a, .passed, 10, 1, 7), f(b, .passed, 20, 1, 12), f(c, .passed, 100, 1, 3)],
            [f(a, .failed, 12, 1, 7), f(b, .passed, 22, 1, 12), f(c, .passed, 100, 1, 3)],
            [f(a, .passed, 11, 1, 7), f(b, .passed, 21, 2, 12), f(c, .error, 5, 1, 3)],
            [f(a, .failed, 10, 1, 7), f(b, .passed, 20, 1, 12), f(c, .passed, 300, 1, 3)],
            [f(a, .passed, 10, 1, 7), f(b, .passed, 20, 1, 12), f(c, .skipped, 0, 1, 3)],
        ]
        for (id, results) in zip(runIDs, runs) { try await HistoryFixtures.record(store, results, id: id) }
        return KnownHistory(path: path, store: store)
    }

    func tearDown() {
        try? store.close()
        HistoryFixtures.remove(path)
    }
}
