import AFRunner
import AFSession
import Dispatch
import GRDB
import Locking

/// Stores runs on a serial queue of its own, off the runner's threads: items gather for `window` (or until
/// `batchResults` results are queued) and go into one transaction, so a SIGKILL loses at most the results
/// of the last window and the transaction under way. A flush or a run's end is written at once.
final class HistoryWriter: Sendable {
    /// The longest items wait before their transaction: the most a SIGKILL can lose.
    static let window = DispatchTimeInterval.milliseconds(100)
    /// Queued results that start a transaction before the window ends (bounds memory and each transaction).
    static let batchResults = 500
    /// Queued results past which `waitForRoom` waits: a writer slower than the run (every result kept, a
    /// slow disk) holds the run back instead of letting results pile up in memory.
    static let queuedLimit = 4 * batchResults

    private let queue: DispatchQueue
    /// nil once the writer closed.
    private let batch = LockedValue<WriterBatch?>(WriterBatch(resultLimit: batchResults))
    // nonisolated(unsafe): used only on `queue` (serial), by `write` and `close`.
    nonisolated(unsafe) private let recorder: RunRecorder
    private let database: DatabaseHandle

    /// A writer on `queue` (serial; a background open of `database` may already be queued on it).
    init(database: DatabaseHandle, queue: DispatchQueue, path: String, detail: HistoryDetail) {
        self.queue = queue
        self.database = database
        recorder = RunRecorder(path: path, detail: detail)
    }

    /// Queues an item; it is written within `window`.
    func enqueue(_ item: WriterItem) {
        switch batch.withLock({ $0?.append(item) }) {
        case nil:
            RunRecorder.refuse([item], .database(operation: "record", reason: "the history is closed"))
        case .none?:
            break
        case .startWindow?:
            // A batch written early (it filled up) leaves this wake-up to write the next one a little early.
            queue.asyncAfter(deadline: .now() + Self.window) { self.writeBatch() }
        case .writeNow?:
            queue.async { self.writeBatch() }
        }
    }

    /// Returns once fewer than `queuedLimit` results wait for a transaction (at once when the writer closed).
    func waitForRoom() async {
        guard batch.withLock({ ($0?.results ?? 0) >= Self.queuedLimit }) else { return }
        await withCheckedContinuation { continuation in
            let full = batch.withLock { batch in
                guard let results = batch?.results, results >= Self.queuedLimit else { return false }
                // A write is already due (`batchResults` < `queuedLimit`): taking the batch resumes this.
                batch?.waiters.append(continuation)
                return true
            }
            if !full { continuation.resume() }
        }
    }

    /// Returns once everything queued before it is committed.
    /// - Throws: `HistoryError.database` naming what was not stored since the last report.
    func flush() async throws {
        try await withCheckedThrowingContinuation { continuation in enqueue(.flush(reply: continuation)) }
    }

    /// Stores a run's end after everything queued before it, and returns once that is committed.
    /// - Throws: `HistoryError.incomplete` when some of the run's results could not be stored (the run is then
    ///   marked `incomplete`), `.database` for other failures since the last report.
    func finish(runID: String, summary: RunSummary, status: RunStatus) async throws {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(.finish(runID: runID, summary: summary, status: status, reply: continuation))
        }
    }

    /// Writes what is queued, then folds the WAL into the database file and closes the connection.
    /// - Throws: `HistoryError.database` when the connection could not be closed.
    func close() throws {
        let (items, waiters) = batch.withLock { batch in
            defer { batch = nil }
            return batch?.take() ?? ([], [])
        }
        for waiter in waiters { waiter.resume() }
        // Blocks until the queue drained: `close()` is synchronous (`HistoryStoring`); async code calls
        // `close() async`, which runs this on a thread of its own.
        try queue.sync {
            let connection: DatabaseQueue
            do throws(HistoryError) { connection = try database.openedConnection() } catch {
                RunRecorder.refuse(items, error)
                return
            }
            if !items.isEmpty { recorder.write(items, to: connection) }
            try recorder.close(connection)
        }
    }

    /// Writes the queued items in one transaction (on `queue`: behind a background open, so the connection is
    /// there, or its failure is, without a wait).
    private func writeBatch() {
        let (items, waiters) = batch.withLock { $0?.take() ?? ([], []) }
        for waiter in waiters { waiter.resume() }
        guard !items.isEmpty else { return }
        do throws(HistoryError) {
            recorder.write(items, to: try database.openedConnection())
        } catch {
            RunRecorder.refuse(items, error)
        }
    }
}
