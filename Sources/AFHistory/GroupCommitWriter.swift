import AFRunner
import Dispatch
import GRDB
import Synchronization

/// Writes results in short transactions without holding any back.
///
/// Group commit: the first result to arrive starts a drain on a private queue; results that arrive while
/// a transaction is being committed wait in `pending` and go into the next one (at most `maxBatch` per
/// transaction, so a lock on the file is never held long). Each caller is resumed only after the
/// transaction holding its result committed, so nothing a caller was told is stored can be lost when the
/// process dies; there is no timer, so no result waits in memory for a batch to fill.
final class GroupCommitWriter: Sendable {
    struct Pending {
        let result: TestResult
        let runID: String
        let continuation: CheckedContinuation<Void, any Error>
    }

    struct State {
        var pending: [Pending] = []
        var draining = false
    }

    /// The most results in one transaction.
    static let maxBatch = 256

    private let pool: DatabasePool
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "afrun.history.writer")

    init(pool: DatabasePool) {
        self.pool = pool
    }

    /// Queues a result and returns once it is committed.
    func submit(_ result: TestResult, runID: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let startDrain = state.withLock { state -> Bool in
                state.pending.append(Pending(result: result, runID: runID, continuation: continuation))
                if state.draining { return false }
                state.draining = true
                return true
            }
            if startDrain { queue.async { self.drain() } }
        }
    }

    private func drain() {
        while true {
            let batch = state.withLock { state -> [Pending] in
                let batch = Array(state.pending.prefix(Self.maxBatch))
                state.pending.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            if batch.isEmpty { return }
            do {
                try commit(batch)
                for item in batch { item.continuation.resume() }
            } catch {
                // One bad result must not sink the others: retry one by one.
                for item in batch {
                    do {
                        try commit([item])
                        item.continuation.resume()
                    } catch let failure as HistoryError {
                        item.continuation.resume(throwing: failure)
                    } catch {
                        item.continuation.resume(throwing: HistoryError.database(operation: "record result", reason: "\(error)"))
                    }
                }
            }
        }
    }

    private func commit(_ batch: [Pending]) throws {
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                for item in batch { try HistoryWriting.insertResult(item.result, runID: item.runID, in: db) }
                return .commit
            }
        }
    }
}
