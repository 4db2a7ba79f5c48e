import AFHistory
import AFRunner
import Foundation

/// Runs recorded by two stores on one file at the same time, their results committed alternately, so each
/// run's result ids interleave with the other's (as two processes recording into one history do).
///
/// Store one records runs `x0`, `x1`, …; store two `y0`, `y1`, …; pair `k` starts both runs, then records
/// their results alternately. Test `t<j>` of suite `X` or `Y` fails in run `k` when `(k + j) % 3 == 0`.
struct InterleavedHistory {
    let path: String
    let first: HistoryStore
    let second: HistoryStore

    /// The outcome of test `j` in pair `k`.
    static func status(pair: Int, test: Int) -> TestStatus {
        (pair + test) % 3 == 0 ? .failed : .passed
    }

    /// The id of a run: `x` or `y`, then the pair.
    static func runID(_ side: String, _ pair: Int) -> String {
        String(format: "\(side == "x" ? "aaaa" : "bbbb")%04d-0000-0000-0000-000000000000", pair)
    }

    /// Records `pairs` pairs of runs of `tests` tests each.
    static func make(pairs: Int, tests: Int) async throws -> InterleavedHistory {
        let path = HistoryFixtures.databasePath()
        let first = try await HistoryStore.open(path: path, detail: .all)
        let second = try await HistoryStore.open(path: path, detail: .all)
        for pair in 0..<pairs {
            let runs = [HistoryFixtures.run(runID("x", pair)), HistoryFixtures.run(runID("y", pair))]
            let stores = [first, second]
            for (store, run) in zip(stores, runs) {
                try await store.runDidStart(run)
                try await store.flush()
            }
            for test in 0..<tests {
                for (side, (store, run)) in zip(stores, runs).enumerated() {
                    let identity = HistoryFixtures.identity("t\(test)", suite: side == 0 ? "X" : "Y")
                    // Each result committed before the other store's next: the two stores' ids alternate.
                    try await store.record(
                        HistoryFixtures.result(identity, status(pair: pair, test: test), ms: Double(test)),
                        in: run
                    )
                    try await store.flush()
                }
            }
            for (store, run) in zip(stores, runs) {
                let failed = (0..<tests).filter { status(pair: pair, test: $0) == .failed }.count
                try await store.runDidFinish(
                    run,
                    summary: RunSummary(passed: tests - failed, failed: failed),
                    status: .complete
                )
            }
        }
        return InterleavedHistory(path: path, first: first, second: second)
    }

    func tearDown() {
        try? first.close()
        try? second.close()
        HistoryFixtures.remove(path)
    }
}
