import Foundation

/// Runs the history's blocking work (an open, a query, a close) on a thread of its own, the calling task
/// suspended meanwhile; `afrun` also works out a run's identity (a host-name lookup, a git read) on it.
///
/// The `HistoryStoring` queries and `close()` block their thread: SQLite's calls do (GRDB's `read` waits for
/// its queue, `close()` for the writer to commit), and a PostgreSQL history waits until the server answers or
/// a time bound passes (up to `--history-timeout`). Swift's shared executor has one thread per core (two on
/// CI), which a task calling them directly would hold all that time, from every other task; and not
/// `DispatchQueue.global()` either, whose threads on Linux are the executor's (`ServerThread` says more).
public enum HistoryThread {
    /// Runs `work` on a new thread and returns what it returns, or throws what it throws.
    /// - Parameter work: blocking history work.
    /// - Returns: `work`'s value.
    public static func run<T: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> T
    ) async throws(Failure) -> T {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
            let thread = Thread {
                let outcome: Result<T, Failure>
                do throws(Failure) { outcome = .success(try work()) } catch { outcome = .failure(error) }
                continuation.resume(returning: outcome)
            }
            thread.name = "afrun.history"
            thread.start()
        }
        return try outcome.get()
    }
}

extension HistoryStoring {
    /// `close()` for async code: on a thread of its own (`HistoryThread`), since it waits for what is queued to
    /// be committed, and for a PostgreSQL connection to close.
    /// - Throws: what `close()` throws.
    public func close() async throws {
        try await HistoryThread.run { () throws in try self.close() }
    }
}
