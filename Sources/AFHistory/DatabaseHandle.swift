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
    private let outcome = LockedValue<Result<DatabaseQueue, HistoryError>?>(nil)
    private let opened = DispatchGroup()

    /// A handle on a connection that is already open.
    init(connection: DatabaseQueue) {
        outcome.withLock { $0 = .success(connection) }
    }

    /// A handle whose connection `open` creates on `queue`.
    init(openingOn queue: DispatchQueue, _ open: @escaping @Sendable () throws(HistoryError) -> DatabaseQueue) {
        opened.enter()
        queue.async { [outcome, opened] in
            let result: Result<DatabaseQueue, HistoryError>
            do throws(HistoryError) { result = .success(try open()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            opened.leave()
        }
    }

    /// The connection, once open.
    /// - Throws: why it could not be opened (`HistoryError.cannotOpen`, `.migrationFailed` or `.newerSchema`).
    func connection() throws(HistoryError) -> DatabaseQueue {
        opened.wait()
        guard let result = outcome.withLock({ $0 }) else {
            throw HistoryError.database(operation: "open", reason: "the database was never opened")
        }
        return try result.get()
    }
}
