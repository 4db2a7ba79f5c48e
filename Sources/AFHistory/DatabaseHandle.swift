import Dispatch
import GRDB
import Locking

/// The store's database connection (a GRDB `DatabaseQueue` in WAL mode), opened at once or on the writer's
/// queue while the run starts.
///
/// Opening costs a few milliseconds (the connection, the WAL, the migration check, the interrupted-runs
/// check): `afrun run` opens in the background so the first requests do not wait for it; everything
/// that needs the connection waits for that open (the writer's work is queued behind it on the same queue).
final class DatabaseHandle: Sendable {
    private let state: LockedValue<State>
    /// Left when the open ended, for the synchronous waits.
    private let opened = DispatchGroup()

    private typealias Outcome = Result<DatabaseQueue, HistoryError>

    private enum State {
        /// The open is under way; the tasks waiting for it.
        case opening(waiters: [CheckedContinuation<Outcome, Never>])
        case opened(Outcome)
    }

    /// A handle on a connection that is already open.
    init(connection: DatabaseQueue) {
        state = LockedValue(.opened(.success(connection)))
    }

    /// A handle whose connection `open` creates on `queue`.
    init(openingOn queue: DispatchQueue, _ open: @escaping @Sendable () throws(HistoryError) -> DatabaseQueue) {
        state = LockedValue(.opening(waiters: []))
        opened.enter()
        queue.async { [state, opened] in
            let outcome: Outcome
            do throws(HistoryError) { outcome = .success(try open()) } catch { outcome = .failure(error) }
            let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
                defer { state = .opened(outcome) }
                guard case .opening(let waiters) = state else { return [] }
                return waiters
            }
            opened.leave()
            for waiter in waiters { waiter.resume(returning: outcome) }
        }
    }

    /// The connection, once open; the calling task is suspended meanwhile, not its thread.
    /// - Throws: why it could not be opened (`HistoryError.cannotOpen`, `.migrationFailed` or `.newerSchema`).
    func connection() async throws(HistoryError) -> DatabaseQueue {
        if case .opened(let outcome) = state.withLock({ $0 }) { return try outcome.get() }
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let done: Outcome? = state.withLock { state in
                switch state {
                case .opened(let outcome):
                    return outcome
                case .opening(var waiters):
                    waiters.append(continuation)
                    state = .opening(waiters: waiters)
                    return nil
                }
            }
            if let done { continuation.resume(returning: done) }
        }
        return try outcome.get()
    }

    /// The connection, once open, blocking the calling thread until then.
    ///
    /// For the writer's queue, where the open ran first and so this never waits, and for the synchronous
    /// queries (`HistoryStoring`, which block as GRDB's own `read` blocks on its queue): async code opens
    /// with `HistoryStore.open(path:detail:) async` and runs the queries off Swift's executor
    /// (`HistoryThread`), so that no task's thread waits here.
    /// - Throws: why it could not be opened (`HistoryError.cannotOpen`, `.migrationFailed` or `.newerSchema`).
    func openedConnection() throws(HistoryError) -> DatabaseQueue {
        opened.wait()
        guard case .opened(let outcome) = state.withLock({ $0 }) else {
            throw HistoryError.database(operation: "open", reason: "the database was never opened")
        }
        return try outcome.get()
    }
}
