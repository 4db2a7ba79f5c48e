import AFRunner
import Dispatch
import GRDB
import Locking

/// Stores a run on its own queue, off the runner's threads, in a few large transactions.
///
/// Queued items (`enqueue`) and results taken one by one (`accept`, the runner's path) are gathered for
/// `gatherDelay`, then inserted into a write transaction that stays open; it is committed once it is
/// `commitInterval` old, at once for `submit`, `flush` and the end of a run. So a 2,000-result run costs a
/// handful of commits, the insert work overlaps the requests, and a run killed with SIGKILL loses at most the
/// results of its last `commitInterval` (plus the gather delay). Everything touching SQLite runs on `queue`
/// (serial): the transaction, the cached statements and the inserter's remembered ids have one thread.
final class GroupCommitWriter: Sendable {
    struct State {
        var pending: [WriterItem] = []
        /// Results taken one by one (`accept`) since the last item was queued: they belong after `pending`, and
        /// become one item of their own when anything else is queued or a pass takes the queue (`seal`).
        var open: [TestResult] = []
        /// The run of the results in `open`.
        var openRun = ""
        /// The results in `pending` (an item may hold a whole hand-over).
        var pendingResults = 0
        /// `flush` callers waiting for the next commit.
        var flushes: [CheckedContinuation<Void, any Error>] = []
        /// A queued item or a flush wants a commit now.
        var urgent = false
        /// Commit at the next insert pass (`commitSoon`).
        var commitSoon = false
        /// The run's end is near (`commitSoon(runIsEnding:)`) and its finish item not settled yet (stored or
        /// not): no pass runs lowered, since the run's end will wait for whatever the writer still has to do.
        var ending = false
        /// A drain is queued or running on `queue`.
        var draining = false
        /// The earliest wake-up already scheduled.
        var wake: DispatchTime?
        /// Why queued items were not stored, for the next `flush`.
        var failures: [String] = []

        /// How many more handed-over results `retained` may hold (`retainResults(upTo:handingThemTo:)`).
        var retainBudget = 0
        /// Hand-overs kept from being freed by the writer, for `keeper`.
        var retained: [[TestResult]] = []
        /// Who takes `retained` at `handOverRetained()`.
        var keeper: (@Sendable ([[TestResult]]) -> Void)?

        /// `open` as one item at the end of `pending`.
        mutating func seal() {
            guard !open.isEmpty else { return }
            pending.append(WriterItem(operation: .results(ResultBatch(open, runID: openRun)), acknowledgement: nil))
            if open.count <= retainBudget {
                retained.append(open)
                retainBudget -= open.count
            }
            pendingResults += open.count
            open = []
        }

        /// Queues items after everything queued so far.
        mutating func append(_ items: [WriterItem]) {
            seal()
            pending += items
            pendingResults += items.reduce(0) { $0 + $1.resultCount }
        }

        /// Everything queued, in order, and an empty queue.
        mutating func takeQueue() -> [WriterItem] {
            seal()
            defer {
                pending.removeAll(keepingCapacity: true)
                pendingResults = 0
            }
            return pending
        }

        /// Whether anything is queued.
        var hasQueued: Bool { !pending.isEmpty || !open.isEmpty }
    }

    /// The oldest an open transaction gets before it is committed: the most a SIGKILL can lose.
    static let commitInterval: Duration = .milliseconds(100)
    /// How long results gather before an insert pass: results the runner hands over one by one (`accept`) and
    /// items queued without `gathered` wait this long, then go in at once. A few large passes disturb the
    /// run's requests less than many small ones (15 ms cost ~2% more of a 2,000-test run's wall time;
    /// docs/performance.md, History, "Ninth round"), and the run's last results do not wait for it
    /// (`HistoryStore.runIsEnding`); it adds to what a SIGKILL can lose.
    static let gatherDelay: Duration = .milliseconds(50)
    /// Queued results that start an insert pass at once (before `gatherDelay` is up).
    static let insertBatch = 256
    /// Results taken one by one (`accept`) that start an insert pass at once: the runner's results gather for
    /// `gatherDelay` (a few large passes), unless this many arrive first.
    static let acceptBatch = 2048
    /// Results a lowered pass inserts before it looks again whether someone now waits for it (`lowerable`).
    static let lowChunk = 64
    /// Uncommitted results that start a commit at once (bounds memory and the write lock's hold).
    static let maxUncommitted = 4096

    private let queue: DispatchQueue
    private let state = LockedValue(State())
    // nonisolated(unsafe): only used on `queue` (serial), from `drain`, `exclusive` and `quiesce`.
    nonisolated(unsafe) private let transaction: WriterTransaction
    // nonisolated(unsafe): only used on `queue` (serial), from `drain`.
    nonisolated(unsafe) private var meter = WriterCPUMeter()

    /// The oldest this writer's open transaction gets (`commitInterval`; tests choose another).
    let commitInterval: Duration

    /// A writer on `queue` (serial; a background open of `database` may already be queued on it) that keeps
    /// `detail` of each result and commits every `commitInterval`.
    init(database: DatabaseHandle, queue: DispatchQueue, detail: HistoryDetail, commitInterval: Duration = commitInterval) {
        self.queue = queue
        self.commitInterval = commitInterval
        transaction = WriterTransaction(database: database, detail: detail)
    }

    /// Queues items for the next insert pass and commit; failures are reported by the next `flush`.
    /// - Parameter gathered: the caller already gathered them (`HistoryStore.record(contentsOf:)`, a batch):
    ///   the insert pass starts at once instead of gathering a second time.
    func enqueue(_ items: [WriterItem], gathered: Bool = false) {
        guard !items.isEmpty else { return }
        let action = state.withLock { state in
            state.append(items)
            return Self.schedule(&state, insertNow: gathered)
        }
        perform(action)
    }

    /// Queues one finished result of run `runID` and returns at once (the runner's thread calls it as each test
    /// finishes: a lock and an append). Results gather for `gatherDelay`, or `acceptBatch` of them, before an
    /// insert pass; once the run's end is near (`runIsEnding`), each starts one unless a pass is running.
    /// Failures are reported by the next `flush`.
    func accept(_ result: TestResult, runID: String) {
        let action = state.withLock { state in
            if state.openRun != runID {
                state.seal()
                state.openRun = runID
            }
            state.open.append(result)
            return Self.schedule(&state, insertNow: state.ending || state.open.count >= Self.acceptBatch)
        }
        perform(action)
    }

    /// Commits what is stored so far at the next insert pass (which starts at once), without waiting for
    /// `commitInterval`: at a run's start, so that its row shows to other processes at once, and when the run's
    /// end is near (`runIsEnding`).
    /// - Parameter runIsEnding: the run's end is near: that commit also syncs the WAL, when it wrote anything
    ///   (`WriterTransaction.syncLog`); each result from now on goes in as it comes; and every pass until the
    ///   run's end is settled runs at the thread's own priority (a lowered pass under way is raised at its next
    ///   chunk). The run's last commit then has only the last results to write, and nothing the run's end
    ///   waits for runs lowered.
    func commitSoon(runIsEnding: Bool = false) {
        let action = state.withLock { state in
            state.commitSoon = true
            if runIsEnding { state.ending = true }
            return Self.schedule(&state, insertNow: true)
        }
        perform(action)
    }

    /// Whether an insert pass may run lowered: nobody waits for it and the run's end is not near. Looked at
    /// again between the chunks of a lowered pass, so a pass lowered before a `flush`, a `submit` or the run's
    /// end came in is raised at its next chunk (a lowered pass can wait long for a core while the run keeps
    /// both busy).
    private var lowerable: Bool {
        state.withLock { !$0.urgent && !$0.commitSoon && !$0.ending }
    }

    /// Syncs the WAL on the writer's queue, after what is queued (for tests).
    /// - Returns: whether it was synced (`WriterTransaction.syncLog`).
    func syncLogNow() -> Bool {
        queue.sync { transaction.syncLog() }
    }

    /// Compiles the statements of the insert passes on the writer's queue (behind a background open), so the
    /// run's first pass compiles nothing (`WriterTransaction.prepare`).
    func prepareInBackground() {
        queue.async { self.transaction.prepare() }
    }

    /// Insert passes that ran lowered, and how many of them were raised before they ended (for tests).
    struct PassCounts: Equatable {
        var lowered = 0
        var raised = 0
    }
    private let passCounts = LockedValue(PassCounts())
    /// The passes counted so far (for tests).
    var passes: PassCounts { passCounts.withLock { $0 } }
    // nonisolated(unsafe): set by a test before the writer has work, then read on `queue` only.
    /// Called on `queue` before each chunk of a lowered pass (for tests: to change the writer's state mid-pass).
    nonisolated(unsafe) var beforeLoweredChunk: (() -> Void)?

    /// Results applied and not committed yet (after the queued work; for tests).
    var uncommittedResults: Int {
        queue.sync { transaction.pendingResults }
    }

    /// Queues one operation and returns once it is committed.
    /// - Parameter flushing: also answer as `flush` does, in the same pass: the operation's own failure, else
    ///   the report of queued items since the last flush that were not stored (the run's end asks for both,
    ///   and a second round trip to the writer's queue cost a thread wake-up on the run's last stretch).
    /// - Throws: `HistoryError` when it could not be stored (or, with `flushing`, when queued items were not).
    func submit(_ operation: WriterItem.Operation, flushing: Bool = false) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let action = state.withLock { state in
                state.append([WriterItem(operation: operation, acknowledgement: continuation, flushes: flushing)])
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

    /// Keeps up to `count` of the results handed over from now on (whole hand-overs) out of the writer's
    /// reach once stored, and gives them to `keep` at `handOverRetained()`: the writer freeing results the
    /// runner's threads allocated, in their malloc arenas while they allocate, cost more than their inserts'
    /// binding.
    func retainResults(upTo count: Int, handingThemTo keep: @escaping @Sendable ([[TestResult]]) -> Void) {
        state.withLock { state in
            state.retainBudget = max(0, count)
            state.keeper = keep
        }
    }

    /// Gives the hand-overs kept by `retainResults(upTo:handingThemTo:)` to its keeper; the writer holds them
    /// no longer.
    func handOverRetained() {
        let (kept, keeper) = state.withLock { state in
            defer { state.retained = [] }
            return (state.retained, state.keeper)
        }
        keeper?(kept)
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
        let items = state.withLock { $0.takeQueue() }
        let outcomes = transaction.apply(items) + transaction.commit()
        let (failures, flushes) = settle(outcomes)
        let report = state.withLock { Self.settled(outcomes, failures: failures, flushing: !flushes.isEmpty, in: &$0) }
        answer(flushes, with: report)
    }

    /// The failures kept since the last flush, as one error (nil when there were none); clears them.
    private static func takeReport(_ state: inout State) -> HistoryError? {
        defer { state.failures.removeAll() }
        guard let first = state.failures.first else { return nil }
        return .database(operation: "record results", reason: "\(state.failures.count) not stored; first: \(first)")
    }

    /// Resumes flush callers: each with its own failure, else the report.
    private func answer(_ flushes: [Flush], with report: HistoryError?) {
        for flush in flushes {
            if let failure = flush.failure ?? report {
                flush.continuation.resume(throwing: failure)
            } else {
                flush.continuation.resume()
            }
        }
    }

    /// After items settled: a run's end that was stored, or could not be, ends what `runIsEnding` began, and
    /// the flushes take the report. Returns the report for `answer` (nil when no one flushes or nothing failed).
    private static func settled(
        _ outcomes: [WriterTransaction.Outcome], failures: [String], flushing: Bool, in state: inout State
    ) -> HistoryError? {
        state.failures += failures
        if outcomes.contains(where: { $0.item.isFinish }) { state.ending = false }
        return flushing ? takeReport(&state) : nil
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
        guard state.hasQueued else { return .none }
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
            let (items, waiting, urgent, commitSoon, ending) = state.withLock { state in
                defer {
                    state.flushes.removeAll()
                    state.urgent = false
                    state.commitSoon = false
                }
                return (state.takeQueue(), state.flushes, state.urgent, state.commitSoon, state.ending)
            }
            // A pass nobody waits for leaves the cores to the requests. A flush, the run's end and a pass that
            // commits (the SIGKILL bound, `commitInterval`) run at the thread's own priority.
            let commitDue = commitSoon || (transaction.startedAt.map { ContinuousClock.now - $0 >= commitInterval } ?? false)
            if urgent || commitDue || ending {
                if let previous = lowered { WriterPriority.restore(previous) }
                lowered = nil
            } else if lowered == nil && items.contains(where: { $0.resultCount > 0 }) {
                // (Only a pass with results to insert: lowering and raising the thread back costs system calls.)
                lowered = WriterPriority.lower()
                if lowered != nil { passCounts.withLock { $0.lowered += 1 } }
            }
            var finished = false
            let outcomes = meter.measure(results: items.reduce(0) { $0 + $1.resultCount }) { () -> [WriterTransaction.Outcome] in
                var outcomes = apply(items, lowered: &lowered)
                if let started = transaction.startedAt,
                    urgent || commitSoon || ContinuousClock.now - started >= commitInterval
                        || transaction.pendingResults >= Self.maxUncommitted
                {
                    outcomes += transaction.commit()
                    // No checkpoint while the requests run: copying pages into the file, its syncs and the WAL's
                    // restart cost the run's cores (docs/performance.md, History, "Thirteenth round"). The next
                    // open folds the run in; SQLite's own checkpoint every 1,000 pages bounds the WAL of a long run.
                    // The commit the run's end being near asked for: its frames go to disk now, while the last
                    // requests run (the run's end itself syncs nothing: the next open's checkpoint does).
                    if commitSoon && ending { transaction.syncLog() }
                }
                // The run is over, and committed: its last frames stay in the WAL for the next open to fold in.
                finished = outcomes.contains(where: { $0.item.isFinish && (try? $0.result.get()) != nil })
                return outcomes
            }
            if finished { meter.report() }  // before the caller hears the run is stored (and may exit)
            let (newFailures, flushingItems) = settle(outcomes)
            let flushes = waiting.map { Flush($0, nil) } + flushingItems
            let openSince = transaction.startedAt
            let (report, next) = state.withLock { state -> (HistoryError?, Action) in
                let report = Self.settled(outcomes, failures: newFailures, flushing: !flushes.isEmpty, in: &state)
                if state.urgent || state.commitSoon || state.pendingResults >= Self.insertBatch
                    || state.open.count >= Self.acceptBatch || (state.ending && state.hasQueued)
                {
                    return (report, .drainNow)
                }
                state.draining = false
                if state.hasQueued { return (report, Self.wake(&state, at: .now() + Self.gatherDelay.dispatchInterval)) }
                if let openSince {
                    let age = ContinuousClock.now - openSince
                    let left = max(.zero, commitInterval - age)
                    return (report, Self.wake(&state, at: .now() + left.dispatchInterval))
                }
                return (report, .none)
            }
            answer(flushes, with: report)
            if case .drainNow = next { continue }  // already on `queue`
            perform(next)
            return
        }
    }

    /// Applies `items`; a lowered pass (`lowered` set) goes `lowChunk` results at a time and gets the thread's
    /// priority back, clearing `lowered`, as soon as it is no longer `lowerable`.
    private func apply(_ items: [WriterItem], lowered: inout Int32?) -> [WriterTransaction.Outcome] {
        guard lowered != nil else { return transaction.apply(items) }
        var outcomes: [WriterTransaction.Outcome] = []
        for item in items {
            for chunk in item.chunked(Self.lowChunk) {
                if lowered != nil { beforeLoweredChunk?() }
                if let previous = lowered, !lowerable {
                    WriterPriority.restore(previous)
                    lowered = nil
                    passCounts.withLock { $0.raised += 1 }
                }
                outcomes += transaction.apply([chunk])
            }
        }
        return outcomes
    }

    /// A caller waiting for a flush's report: `flush`, or an item that also flushes (`submit(_:flushing:)`),
    /// with that item's own failure if it was not stored.
    typealias Flush = (continuation: CheckedContinuation<Void, any Error>, failure: HistoryError?)

    /// Resumes the acknowledged items; returns the failures of the others, and the items that also flush (stored
    /// or not), for the caller to answer with the report (`answer`): a failed one with its own error, but
    /// the report is taken all the same, as a `flush` after it would have.
    private func settle(_ outcomes: [WriterTransaction.Outcome]) -> (failures: [String], flushes: [Flush]) {
        var failures: [String] = []
        var flushes: [Flush] = []
        for (item, result) in outcomes {
            if let acknowledgement = item.acknowledgement {
                if item.flushes {
                    let failure: HistoryError? = if case .failure(let error) = result { error } else { nil }
                    flushes.append((acknowledgement, failure))
                } else {
                    acknowledgement.resume(with: result.mapError { $0 as any Error })
                }
            } else if case .failure(let error) = result {
                failures.append("\(item.label): \(error)")
            }
        }
        return (failures, flushes)
    }
}

extension Duration {
    /// The same span for Dispatch.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}

