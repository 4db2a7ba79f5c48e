import AFSession
import Dispatch
import GRDB

/// Stores a run on its own queue, off the runner's threads, in a few large transactions.
///
/// Queued items (`enqueue`) are gathered for `gatherDelay`, then inserted into a write transaction that
/// stays open; it is committed once it is `commitInterval` old, at once for `submit`, `flush` and the end
/// of a run. So a 2,000-result run costs a handful of commits, the insert work overlaps the requests, and
/// a run killed with SIGKILL loses at most the results of its last `commitInterval` (plus the gather
/// delay). Everything touching SQLite runs on `queue` (serial): the transaction, the cached statements
/// and the inserter's remembered ids have one thread.
final class GroupCommitWriter: Sendable {
    struct State {
        var pending: [WriterItem] = []
        /// The results in `pending` (an item may hold a whole hand-over).
        var pendingResults = 0
        /// `flush` callers waiting for the next commit.
        var flushes: [CheckedContinuation<Void, any Error>] = []
        /// A queued item or a flush wants a commit now.
        var urgent = false
        /// The run's end is near: commit at the next insert pass (`commitSoon`).
        var commitSoon = false
        /// A drain is queued or running on `queue`.
        var draining = false
        /// The earliest wake-up already scheduled.
        var wake: DispatchTime?
        /// Why queued items were not stored, for the next `flush`.
        var failures: [String] = []
    }

    /// The oldest an open transaction gets before it is committed: the most a SIGKILL can lose.
    static let commitInterval: Duration = .milliseconds(100)
    /// How long results gather before an insert pass: the runner's hand-over waits this long between
    /// batches (`HistoryStore.recordingInterval`), which then go in at once; items queued one by one
    /// wait it here. A few large passes disturb the run's requests less than many small ones (15 ms cost
    /// ~2% more of a 2,000-test run's wall time; docs/performance.md, History, "Ninth round"), and the
    /// run's last results do not wait for it (`HistoryStore.runIsEnding`); it adds to what a SIGKILL can lose.
    static let gatherDelay: Duration = .milliseconds(50)
    /// Queued results that start an insert pass at once.
    static let insertBatch = 256
    /// Uncommitted results that start a commit at once (bounds memory and the write lock's hold).
    static let maxUncommitted = 4096

    private let queue: DispatchQueue
    private let state = LockedValue(State())
    // nonisolated(unsafe): only used on `queue` (serial), from `drain`, `exclusive` and `quiesce`.
    nonisolated(unsafe) private let transaction: WriterTransaction
    // nonisolated(unsafe): only used on `queue` (serial), from `drain`.
    nonisolated(unsafe) private var meter = WriterCPUMeter()

    /// A writer on `queue` (serial; a background open of `database` may already be queued on it) that keeps
    /// `detail` of each result and commits every `commitInterval`.
    /// The oldest this writer's open transaction gets (`commitInterval`; tests choose another).
    let commitInterval: Duration

    init(database: DatabaseHandle, queue: DispatchQueue, detail: HistoryDetail, commitInterval: Duration = commitInterval) {
        self.queue = queue
        self.commitInterval = commitInterval
        transaction = WriterTransaction(database: database, detail: detail)
    }

    /// Queues items for the next insert pass and commit; failures are reported by the next `flush`.
    /// - Parameter gathered: the caller already gathered them (the runner's hand-over waits
    ///   `HistoryStore.recordingInterval` between batches): the insert pass starts at once instead of
    ///   gathering a second time.
    func enqueue(_ items: [WriterItem], gathered: Bool = false) {
        guard !items.isEmpty else { return }
        let action = state.withLock { state in
            state.pending += items
            state.pendingResults += items.reduce(0) { $0 + $1.resultCount }
            return Self.schedule(&state, insertNow: gathered)
        }
        perform(action)
    }

    /// Commits what is stored so far at the next insert pass (which starts at once), without waiting for
    /// `commitInterval`: the run's end is near, and its last commit then has only the last results to write.
    func commitSoon() {
        let action = state.withLock { state in
            state.commitSoon = true
            return Self.schedule(&state, insertNow: true)
        }
        perform(action)
    }

    /// Results applied and not committed yet (after the queued work; for tests).
    var uncommittedResults: Int {
        queue.sync { transaction.pendingResults }
    }

    /// Queues one operation and returns once it is committed.
    /// - Throws: `HistoryError` when it could not be stored.
    func submit(_ operation: WriterItem.Operation) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let action = state.withLock { state in
                let item = WriterItem(operation: operation, acknowledgement: continuation)
                state.pending.append(item)
                state.pendingResults += item.resultCount
                state.urgent = true
                return Self.schedule(&state)
            }
            perform(action)
        }
    }

    /// Commits everything queued so far.
    /// - Throws: `HistoryError.database` naming the queued items since the last flush that were not stored.
    func flush() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let action = state.withLock { state in
                state.flushes.append(continuation)
                state.urgent = true
                return Self.schedule(&state)
            }
            perform(action)
        }
    }

    /// Stores and commits everything queued, then runs `body` on the writer connection, on the writer's
    /// queue (so it never meets the writer's open transaction).
    func exclusive<T>(checks: Bool = true, _ body: (Database) throws -> T) throws -> T {
        try queue.sync {
            commitQueued()
            return try transaction.withDatabase(checks: checks, body)
        }
    }

    /// Stores and commits everything queued and finalizes the writer's statements (before closing the
    /// database: SQLite does not close a connection with statements left).
    func quiesce() {
        queue.sync {
            commitQueued()
            transaction.releaseStatements()
        }
    }

    /// On `queue`: applies the queued items and commits; a `flush` waiting is left to its drain.
    private func commitQueued() {
        let items = state.withLock { state in
            defer {
                state.pending.removeAll(keepingCapacity: true)
                state.pendingResults = 0
            }
            return state.pending
        }
        keep(settle(transaction.apply(items) + transaction.commit()))
    }

    /// Keeps failures of queued items for the next `flush`.
    private func keep(_ failures: [String]) {
        if !failures.isEmpty { state.withLock { $0.failures += failures } }
    }

    // MARK: Scheduling

    private enum Action {
        case none
        case drainNow
        case wake(DispatchTime)
    }

    /// What a change of `state` calls for, decided under the lock.
    private static func schedule(_ state: inout State, insertNow: Bool = false) -> Action {
        if state.draining { return .none }  // the drain looks at the state again before it ends
        if insertNow || state.urgent || state.pendingResults >= insertBatch {
            state.draining = true
            return .drainNow
        }
        guard !state.pending.isEmpty else { return .none }
        return wake(&state, at: .now() + gatherDelay.dispatchInterval)
    }

    private static func wake(_ state: inout State, at deadline: DispatchTime) -> Action {
        if let scheduled = state.wake, scheduled <= deadline { return .none }
        state.wake = deadline
        return .wake(deadline)
    }

    private func perform(_ action: Action) {
        switch action {
        case .none: break
        case .drainNow: queue.async { self.drain() }
        case .wake(let deadline): queue.asyncAfter(deadline: deadline) { self.woke(deadline) }
        }
    }

    private func woke(_ deadline: DispatchTime) {
        let start = state.withLock { state -> Bool in
            if state.wake == deadline { state.wake = nil }
            if state.draining { return false }
            state.draining = true
            return true
        }
        if start { drain() }
    }

    // MARK: Draining (on `queue`)

    private func drain() {
        // The nice value to give the thread back (a Dispatch worker) when this drain runs lowered.
        var lowered: Int32?
        defer { if let lowered { WriterPriority.restore(lowered) } }
        while true {
            let (items, flushes, urgent, commitSoon) = state.withLock { state in
                defer {
                    state.pending.removeAll(keepingCapacity: true)
                    state.pendingResults = 0
                    state.flushes.removeAll()
                    state.urgent = false
                    state.commitSoon = false
                }
                return (state.pending, state.flushes, state.urgent, state.commitSoon)
            }
            // A pass nobody waits for leaves the cores to the requests. A flush, the run's end and a pass that
            // commits (the SIGKILL bound, `commitInterval`) run at the thread's own priority.
            let commitDue = commitSoon || (transaction.startedAt.map { ContinuousClock.now - $0 >= commitInterval } ?? false)
            if urgent || commitDue {
                if let previous = lowered { WriterPriority.restore(previous) }
                lowered = nil
            } else if lowered == nil {
                lowered = WriterPriority.lower()
            }
            var finished = false
            let outcomes = meter.measure(results: items.reduce(0) { $0 + $1.resultCount }) { () -> [WriterTransaction.Outcome] in
                var outcomes = transaction.apply(items)
                if let started = transaction.startedAt,
                    urgent || commitSoon || ContinuousClock.now - started >= commitInterval
                        || transaction.pendingResults >= Self.maxUncommitted
                {
                    outcomes += transaction.commit()
                    // While the requests run, keep the WAL short (its syncs happen here, off the runner's path).
                    // Not after the commit the run's end asked for: the next commit would restart the WAL, whose new
                    // header is synced, on the run's last stretch.
                    if !urgent && !commitSoon { transaction.checkpoint(.passive) }
                }
                // The run is over: fold the WAL into the file before the caller hears it is stored.
                finished = outcomes.contains(where: { $0.item.isFinish && (try? $0.result.get()) != nil })
                if finished { transaction.checkpoint(.truncate) }
                return outcomes
            }
            if finished { meter.report() }  // before the caller hears the run is stored (and may exit)
            let newFailures = settle(outcomes)
            let openSince = transaction.startedAt
            let (reported, next) = state.withLock { state -> ([String], Action) in
                state.failures += newFailures
                var reported: [String] = []
                if !flushes.isEmpty {
                    reported = state.failures
                    state.failures.removeAll()
                }
                if state.urgent || state.commitSoon || state.pendingResults >= Self.insertBatch { return (reported, .drainNow) }
                state.draining = false
                if !state.pending.isEmpty { return (reported, Self.wake(&state, at: .now() + Self.gatherDelay.dispatchInterval)) }
                if let openSince {
                    let age = ContinuousClock.now - openSince
                    let left = max(.zero, commitInterval - age)
                    return (reported, Self.wake(&state, at: .now() + left.dispatchInterval))
                }
                return (reported, .none)
            }
            let failure = reported.isEmpty ? nil : HistoryError.database(
                operation: "record results", reason: "\(reported.count) not stored; first: \(reported[0])")
            for flush in flushes {
                if let failure { flush.resume(throwing: failure) } else { flush.resume() }
            }
            if case .drainNow = next { continue }  // already on `queue`
            perform(next)
            return
        }
    }

    /// Resumes the acknowledged items; returns the failures of the others.
    @discardableResult
    private func settle(_ outcomes: [WriterTransaction.Outcome]) -> [String] {
        var failures: [String] = []
        for (item, result) in outcomes {
            if let acknowledgement = item.acknowledgement {
                acknowledgement.resume(with: result.mapError { $0 as any Error })
            } else if case .failure(let error) = result {
                failures.append("\(item.label): \(error)")
            }
        }
        return failures
    }
}

extension Duration {
    /// The same span for Dispatch.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}

