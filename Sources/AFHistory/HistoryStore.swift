import AFRunner
import CSQLiteConfig
import Foundation
import GRDB
import Locking

/// The run history in SQLite.
public enum AFHistory {
    /// The database path used when none is given.
    public static let defaultDatabasePath = ".afrun/history.sqlite"
    /// The environment variable that names the database when `--db` is not given.
    public static let databaseEnvironmentVariable = "AFRUN_DB"

    /// The database path for a command: the flag, else `AFRUN_DB`, else the default.
    /// - Parameters:
    ///   - flag: the `--db` value, if given.
    ///   - environment: the process environment.
    /// - Returns: the path to open.
    public static func databasePath(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let fromEnvironment = environment[databaseEnvironmentVariable], !fromEnvironment.isEmpty { return fromEnvironment }
        return defaultDatabasePath
    }
}

/// The run history: a result sink (an `InlineResultSink`: the runner hands it each result on the thread that
/// finished it) that writes every run and result into SQLite as it happens, and the queries behind
/// `afrun history`.
///
/// The database is in WAL mode with a busy timeout, so several `afrun` processes may write one file.
/// A run is stored by a group-commit writer on its own queue (`GroupCommitWriter`): the runner's results
/// (`accept`, or `record(contentsOf:)`) are inserted as they arrive into a transaction committed every
/// `GroupCommitWriter.commitInterval` and at the end of the run; `record(_:)`, `flush()` and
/// `runDidFinish` return once what they cover is committed. What survives what is in docs/history.md,
/// "Durability".
public final class HistoryStore: InlineResultSink {
    /// The database file.
    public let path: String
    /// How much of each result this store records (`runs.history_detail` of the runs it starts).
    public let detail: HistoryDetail
    let database: DatabaseHandle
    let writer: GroupCommitWriter
    /// Whether a run was started through this store (its close then leaves the WAL to the next open).
    private let recordedRun = LockedValue(false)

    /// How long a writer waits for another process's lock before failing.
    public static let busyTimeout: TimeInterval = 30

    init(
        path: String, detail: HistoryDetail, commitInterval: Duration = GroupCommitWriter.commitInterval,
        database: (DispatchQueue) -> DatabaseHandle
    ) {
        self.path = path
        self.detail = detail
        let queue = DispatchQueue(label: "afrun.history.writer")
        let handle = database(queue)
        self.database = handle
        self.writer = GroupCommitWriter(database: handle, queue: queue, detail: detail, commitInterval: commitInterval)
    }

    /// Commits what the writer holds and closes the database; further calls fail.
    ///
    /// A store that recorded a run closes without a checkpoint: the run's last commits stay in the WAL
    /// (`history.sqlite-wal`), which the next open folds into the file, off the next run's path (its syncs were
    /// ~3 ms of a 2,000-test run's end: docs/performance.md, History, "Thirteenth round"). Any other store
    /// (queries, `prune`, `merge`) folds the WAL into the file as it closes, as SQLite does by default.
    /// - Throws: `HistoryError.database` if the file could not be closed.
    public func close() throws {
        writer.quiesce()
        writer.handOverRetained()
        guard let connection = try? database.connection() else { return }
        if recordedRun.withLock({ $0 }) {
            connection.writeWithoutTransaction { db in _ = afh_keep_wal_on_close(db.sqliteConnection) }
        }
        do { try connection.close() } catch { throw HistoryError.database(operation: "close", reason: "\(error)") }
    }

    /// For a process that exits soon after its run: up to `count` of the results handed over from now on are
    /// not freed by the store's writer; `close()` hands them to `keep` (which may keep them until the process
    /// exits). Freeing them on the writer's thread cost ~2-5% of a 2,000-test run's wall time on two cores
    /// (docs/performance.md, History, "Eleventh round").
    /// - Parameters:
    ///   - count: the most results kept; whole hand-overs are kept or not.
    ///   - keep: receives the kept results at `close()`.
    public func keepResults(upTo count: Int, handingThemTo keep: @escaping @Sendable ([[TestResult]]) -> Void) {
        writer.retainResults(upTo: count, handingThemTo: keep)
    }

    // MARK: ResultSink

    /// Queues the run's row (status `running`) and commits it once the database is open.
    public func runDidStart(_ run: RunInfo) async throws {
        recordedRun.withLock { $0 = true }
        writer.enqueue([WriterItem(operation: .start(run), acknowledgement: nil)])
        // Committed as soon as the database is open (the suites are still loading): the run shows as `running`
        // to other processes at once, and the new WAL's header and its sync are written now, not on the
        // run's last stretch.
        writer.commitSoon()
    }

    /// Writes one finished result; returns once it is committed.
    public func record(_ result: TestResult, in run: RunInfo) async throws {
        try await writer.submit(.results(ResultBatch([result], runID: run.id)))
    }

    /// Queues one finished result for the writer and returns at once (the runner's thread: a lock and an
    /// append); results gather for `GroupCommitWriter.gatherDelay` before an insert pass, and once the run's end
    /// is near each goes in as it comes. Committed within `GroupCommitWriter.commitInterval`; `runDidFinish`
    /// (or `flush`) commits what is left and reports what could not be stored.
    public func accept(_ result: TestResult, in run: RunInfo) {
        writer.accept(result, runID: run.id)
    }

    /// At the `failures` detail level a passed result is stored without headers, body excerpt or
    /// assertion rows: the runner need not build them (`PassedResultDetail.summary`).
    public var passedResultDetail: PassedResultDetail { detail == .all ? .full : .summary }

    /// Queues results and returns at once: redaction and SQLite run on the writer's queue, not on the
    /// caller's thread, and the results are committed within `GroupCommitWriter.commitInterval`.
    /// `runDidFinish` (or `flush`) commits what is left and reports what could not be stored. (The runner
    /// hands its results over one by one, through `accept`.)
    public func record(contentsOf results: [TestResult], in run: RunInfo) async throws {
        // Gathered already: one insert pass for the whole batch, at once.
        guard !results.isEmpty else { return }
        writer.enqueue([WriterItem(operation: .results(ResultBatch(results, runID: run.id)), acknowledgement: nil)], gathered: true)
    }

    /// The run's end is near: what is stored so far is committed now and each later result goes in as it
    /// comes, so the run's last commit has only its last results to write.
    public func runIsEnding(_ run: RunInfo) {
        writer.commitSoon(runIsEnding: true)
    }

    /// Commits everything queued so far.
    /// - Throws: `HistoryError.database` when items queued since the last flush could not be stored.
    public func flush() async throws {
        try await writer.flush()
    }

    /// Stores the totals and the final status after every queued result and commits. The last commits stay
    /// in the WAL until the next open (or a query's close) folds them into the file: copy or cache the
    /// history's folder, `history.sqlite` with its `-wal` (docs/history.md, "Durability").
    /// - Throws: the first problem: the run's end not stored, or queued items that were not.
    public func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        try await writer.submit(.finish(runID: run.id, summary: summary, status: status), flushing: true)
    }

    // MARK: Plumbing

    /// Runs `body` in its own `BEGIN IMMEDIATE` transaction on the writer connection, after the writer
    /// committed what it holds.
    func syncWrite<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.exclusive { db in try Self.immediateTransaction(db, body) }
        } catch {
            throw Self.historyError(error, operation: operation)
        }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock up front, so a busy database waits
    /// at the start instead of failing at commit) and returns its value.
    static func immediateTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        var value: T?
        try db.inTransaction(.immediate) {
            value = try body(db)
            return .commit
        }
        return value!
    }

    /// A `HistoryError` as is; anything else as `.database` naming the operation.
    static func historyError(_ error: any Error, operation: String) -> HistoryError {
        (error as? HistoryError) ?? .database(operation: operation, reason: "\(error)")
    }

    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try database.connection().read(body)
        } catch {
            throw Self.historyError(error, operation: operation)
        }
    }
}
