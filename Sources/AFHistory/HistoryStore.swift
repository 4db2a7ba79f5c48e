import AFRunner
import AFSession
import Foundation
import GRDB
import Locking

/// The run history: a SQLite file (`HistoryStore`), or a PostgreSQL database many runners share
/// (`PostgresHistory`), both behind `HistoryStoring`.
public enum AFHistory {
    /// The database path used when none is given.
    public static let defaultDatabasePath = ".afrun/history.sqlite"
    /// The environment variable that names the database when `--db` is not given.
    public static let databaseEnvironmentVariable = "AFRUN_DB"

    /// The database for a command (a path or a `postgres://` URL): the flag, else `AFRUN_DB`, else the default.
    /// - Parameters:
    ///   - flag: the `--db` value, if given.
    ///   - environment: the process environment.
    /// - Returns: the path to open.
    public static func databasePath(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let fromEnvironment = environment[databaseEnvironmentVariable], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return defaultDatabasePath
    }
}

/// The run history: a result sink that writes every run and result into SQLite as it happens, and the
/// queries behind `afrun history`.
///
/// The database is in WAL mode with a busy timeout, so several `afrun` processes may write one file. A run is
/// stored by a writer on a queue of its own (`HistoryWriter`): results are queued and committed in one
/// transaction every `HistoryWriter.window` (or every `HistoryWriter.batchResults` results); `flush()` and
/// `runDidFinish` return once what they cover is committed; `close()` folds the WAL into the file. What
/// survives what is in docs/history.md, "Durability".
public final class HistoryStore: HistoryStoring {
    /// The database file.
    public let path: String
    /// The database file (`HistoryStoring`).
    public var location: String { path }
    /// How much of each result this store records (`runs.history_detail` of the runs it starts).
    public let detail: HistoryDetail
    let database: DatabaseHandle
    let writer: HistoryWriter

    /// How long a writer waits for another process's lock before failing.
    public static let busyTimeout: TimeInterval = 30

    init(path: String, detail: HistoryDetail, database: (DispatchQueue) -> DatabaseHandle) {
        self.path = path
        self.detail = detail
        let queue = DispatchQueue(label: "afrun.history.writer")
        let handle = database(queue)
        self.database = handle
        self.writer = HistoryWriter(database: handle, queue: queue, path: path, detail: detail)
    }

    /// Commits what is queued, folds the WAL into the database file (so `history.sqlite` alone holds every
    /// finished run) and closes the database; further calls fail.
    /// - Throws: `HistoryError.database` if the file could not be closed.
    public func close() throws {
        try writer.close()
    }

    /// How much of a passed result this store reads: at the `failures` detail level a passed result is stored
    /// without headers, body excerpt or assertion rows, so the runner need not build them
    /// (`RunOptions.passedResultDetail`).
    public var passedResultDetail: PassedResultDetail { detail == .all ? .full : .summary }

    /// None: a problem recording into a file is an error of the run (`runDidFinish` throws it).
    public func takeWarnings() -> [String] { [] }

    // MARK: ResultSink

    /// Queues the run's row (status `running`); it is committed within `HistoryWriter.window`.
    public func runDidStart(_ run: RunInfo) async throws {
        writer.enqueue(.start(run))
    }

    /// Queues one finished result; it is committed within `HistoryWriter.window`. `runDidFinish` (or `flush`)
    /// reports what could not be stored.
    public func record(_ result: TestResult, in run: RunInfo) async throws {
        writer.enqueue(.results([result], runID: run.id))
    }

    /// Queues finished results; they are committed within `HistoryWriter.window`. `runDidFinish` (or `flush`)
    /// reports what could not be stored.
    public func record(contentsOf results: [TestResult], in run: RunInfo) async throws {
        guard !results.isEmpty else { return }
        writer.enqueue(.results(results, runID: run.id))
        await writer.waitForRoom()
    }

    /// Commits everything queued so far.
    /// - Throws: `HistoryError.database` when items queued since the last report could not be stored.
    public func flush() async throws {
        try await writer.flush()
    }

    /// Stores the totals and the final status after every queued result, and commits.
    /// - Throws: `HistoryError.incomplete` when some of the run's results could not be stored (a full disk, an
    ///   I/O error): the run is then marked `incomplete` with the totals of the results stored. Else the first
    ///   problem since the last report: the run's end not stored, or queued items that were not.
    public func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        try await writer.finish(runID: run.id, summary: summary, status: status)
    }

    // MARK: Plumbing

    /// Runs `body` in its own `BEGIN IMMEDIATE` transaction on the store's connection.
    func syncWrite<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try database.openedConnection().writeWithoutTransaction { db in
                try Self.immediateTransaction(db, body)
            }
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
            return try database.openedConnection().read(body)
        } catch {
            throw Self.historyError(error, operation: operation)
        }
    }
}
