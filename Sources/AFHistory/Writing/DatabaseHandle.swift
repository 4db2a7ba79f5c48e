import AFSession
import Dispatch
import GRDB

/// The store's database connection (a pool for the queries, a single WAL connection for `afrun run`),
/// opened at once or on the writer's queue while the run starts.
///
/// Opening costs a few milliseconds (the connection, the WAL, the migration check, the interrupted-runs
/// check): `afrun run` opens in the background so the first requests do not wait for it; everything
/// that needs the database waits for that open (the writer's work is queued behind it on the same queue).
final class DatabaseHandle: Sendable {
    private let outcome = LockedValue<Result<any DatabaseWriter, HistoryError>?>(nil)
    private let opened = DispatchGroup()

    /// A handle on a database that is already open.
    init(database: any DatabaseWriter) {
        outcome.withLock { $0 = .success(database) }
    }

    /// A handle whose database `open` opens on `queue`.
    init(openingOn queue: DispatchQueue, _ open: @escaping @Sendable () throws(HistoryError) -> any DatabaseWriter) {
        opened.enter()
        queue.async { [outcome, opened] in
            let result: Result<any DatabaseWriter, HistoryError>
            do throws(HistoryError) { result = .success(try open()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            opened.leave()
        }
    }

    /// The database, once open.
    /// - Throws: why it could not be opened (`HistoryError.cannotOpen`, `.migrationFailed` or `.newerSchema`).
    func connection() throws(HistoryError) -> any DatabaseWriter {
        opened.wait()
        guard let result = outcome.withLock({ $0 }) else {
            throw HistoryError.database(operation: "open", reason: "the database was never opened")
        }
        return try result.get()
    }
}
