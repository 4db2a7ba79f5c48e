import AFRunner
import AFSession
import Dispatch
import GRDB

/// Writes results on its own queue in few, large transactions, off the runner's threads.
///
/// Results handed over with `enqueue` are committed at most `commitInterval` after the first of them
/// arrived (sooner once `maxBatch` are waiting, or at the next `flush`): a run killed with SIGKILL loses at
/// most the results of that last interval, and a run of thousands of results costs a handful of commits
/// instead of one per result. `submit` and `flush` are the durable calls: they return once what they cover
/// is committed. Commits run on one serial queue, so the transaction, the cached statements and the
/// inserter's remembered ids are only ever touched by one thread.
final class GroupCommitWriter: Sendable {
    /// A queued result; `acknowledgement` is resumed once it is committed (for `submit`).
    struct Item {
        let result: TestResult
        let runID: String
        let acknowledgement: CheckedContinuation<Void, any Error>?
    }

    struct State {
        var pending: [Item] = []
        /// `flush` callers waiting for the next commit.
        var flushes: [CheckedContinuation<Void, any Error>] = []
        /// Queued items with an acknowledgement: they want a commit now.
        var urgent = 0
        var timerArmed = false
        var draining = false
        /// Why results queued without an acknowledgement were not stored, for the next `flush`.
        var failures: [String] = []

        var wantsCommitNow: Bool { !flushes.isEmpty || urgent > 0 || pending.count >= GroupCommitWriter.maxBatch }
    }

    /// The longest a queued result waits for its commit (then a SIGKILL can lose it).
    static let commitInterval: DispatchTimeInterval = .milliseconds(100)
    /// Waiting results that start a commit at once (bounds memory and the write lock's hold time).
    static let maxBatch = 1024

    private let pool: DatabasePool
    private let state = LockedValue(State())
    private let queue = DispatchQueue(label: "afrun.history.writer")
    // nonisolated(unsafe): only used inside `drain`, which runs on `queue` (serial).
    nonisolated(unsafe) private let inserter = ResultInserter()

    init(pool: DatabasePool) {
        self.pool = pool
    }

    /// What to do after changing the state, decided under the lock and done after it.
    private enum Action {
        case none, drainNow, armTimer
    }

    /// Queues results; they are committed within `commitInterval`, or by the next `flush`.
    func enqueue(_ results: [TestResult], runID: String) {
        guard !results.isEmpty else { return }
        let action = state.withLock { state -> Action in
            for result in results { state.pending.append(Item(result: result, runID: runID, acknowledgement: nil)) }
            return Self.schedule(&state)
        }
        perform(action)
    }

    /// Queues a result and returns once it is committed.
    /// - Throws: `HistoryError` when it could not be stored.
    func submit(_ result: TestResult, runID: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let action = state.withLock { state -> Action in
                state.pending.append(Item(result: result, runID: runID, acknowledgement: continuation))
                state.urgent += 1
                return Self.schedule(&state)
            }
            perform(action)
        }
    }

    /// Commits everything queued so far.
    /// - Throws: `HistoryError.database` naming the results queued since the last flush that were not stored.
    func flush() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let action = state.withLock { state -> Action in
                state.flushes.append(continuation)
                return Self.schedule(&state)
            }
            perform(action)
        }
    }

    private static func schedule(_ state: inout State) -> Action {
        if state.draining { return .none }  // the drain looks at the queue again when its commit is done
        if state.wantsCommitNow {
            state.draining = true
            return .drainNow
        }
        if state.timerArmed || state.pending.isEmpty { return .none }
        state.timerArmed = true
        return .armTimer
    }

    private func perform(_ action: Action) {
        switch action {
        case .none: break
        case .drainNow: queue.async { self.drain() }
        case .armTimer: queue.asyncAfter(deadline: .now() + Self.commitInterval) { self.timerFired() }
        }
    }

    private func timerFired() {
        let start = state.withLock { state -> Bool in
            state.timerArmed = false
            if state.draining || state.pending.isEmpty { return false }
            state.draining = true
            return true
        }
        if start { drain() }
    }

    /// Commits until nothing asks for a commit now; runs on `queue`.
    private func drain() {
        while true {
            let (batch, flushes) = state.withLock { state in
                defer {
                    state.pending.removeAll(keepingCapacity: true)
                    state.flushes.removeAll()
                    state.urgent = 0
                }
                return (state.pending, state.flushes)
            }
            let outcomes = commit(batch)
            var unacknowledged: [String] = []
            for (item, outcome) in zip(batch, outcomes) {
                if let acknowledgement = item.acknowledgement {
                    acknowledgement.resume(with: outcome)
                } else if case .failure(let error) = outcome {
                    unacknowledged.append("\(item.result.identity): \(error)")
                }
            }
            let (failures, next) = state.withLock { state -> ([String], Action) in
                state.failures += unacknowledged
                let failures = flushes.isEmpty ? [] : state.failures
                if !flushes.isEmpty { state.failures.removeAll() }
                state.draining = false
                return (failures, Self.schedule(&state))
            }
            let failure = failures.isEmpty ? nil : HistoryError.database(
                operation: "record results",
                reason: "\(failures.count) result(s) not stored; first: \(failures[0])")
            for flush in flushes {
                if let failure { flush.resume(throwing: failure) } else { flush.resume() }
            }
            switch next {
            case .drainNow: continue  // already on `queue`
            case .armTimer: perform(next)
            case .none: break
            }
            return
        }
    }

    /// Stores `batch` in one transaction; when that fails, each result alone, so one bad result does not
    /// sink the others.
    private func commit(_ batch: [Item]) -> [Result<Void, any Error>] {
        guard !batch.isEmpty else { return [] }
        do {
            try write(batch)
            return Array(repeating: .success(()), count: batch.count)
        } catch {
            return batch.map { item in
                do {
                    try write([item])
                    return .success(())
                } catch {
                    return .failure((error as? HistoryError) ?? HistoryError.database(operation: "record result", reason: "\(error)"))
                }
            }
        }
    }

    private func write(_ items: [Item]) throws {
        do {
            try pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try inserter.insert(items.map(\.result), runIDs: items.map(\.runID), in: db)
                    return .commit
                }
            }
        } catch {
            // Ids learnt in the rolled-back transaction are gone; another process may have pruned a test.
            inserter.forgetIDs()
            throw error
        }
    }
}
