import AFRunner
import Foundation
import GRDB

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

/// The run history: a `ResultSink` that writes every run and result into SQLite as it happens, and the
/// queries behind `afrun history`.
///
/// The database is in WAL mode with a busy timeout, so several `afrun` processes may write one file.
/// Results go through a group-commit writer on its own queue: the runner's batches
/// (`record(contentsOf:)`) are committed together at most `GroupCommitWriter.commitInterval` after they
/// arrive, and whatever is left when the run ends; `record(_:)` and `flush()` return once committed.
/// A committed result survives the death of the process (see docs/history.md, "Durability").
public final class HistoryStore: ResultSink {
    /// The database file.
    public let path: String
    let pool: DatabasePool
    let writer: GroupCommitWriter

    /// How long a writer waits for another process's lock before failing.
    public static let busyTimeout: TimeInterval = 30

    init(path: String, pool: DatabasePool) {
        self.path = path
        self.pool = pool
        self.writer = GroupCommitWriter(pool: pool)
    }

    /// Opens (creating if needed) the history at `path`: creates parent folders, turns on WAL, brings the
    /// schema up to date, and marks runs left `running` by a process that no longer exists as `interrupted`.
    /// - Parameter path: the database file.
    /// - Returns: the open store.
    /// - Throws: `HistoryError.cannotOpen` or `.migrationFailed`.
    public static func open(path: String) throws -> HistoryStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw HistoryError.cannotOpen(path: path, reason: "cannot create folder '\(folder)': \(error.localizedDescription)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.label = "afrun.history"
        configuration.prepareDatabase { db in
            // WAL with synchronous=NORMAL: a commit survives the process dying (the WAL is in the OS cache);
            // only a power loss may drop the last commits. FULL would fsync every result.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw HistoryError.cannotOpen(path: path, reason: "\(error)")
        }
        let migrator = HistorySchema.migrator
        do {
            try migrator.migrate(pool)
        } catch {
            // Another process may have applied the same migration at the same moment.
            let done = (try? pool.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
            if !done { throw HistoryError.migrationFailed(path: path, reason: "\(error)") }
        }
        let store = HistoryStore(path: path, pool: pool)
        try store.markAbandonedRuns()
        return store
    }

    /// Closes the database; further calls fail.
    /// - Throws: `HistoryError.database` if the file could not be closed.
    public func close() throws {
        do { try pool.close() } catch { throw HistoryError.database(operation: "close", reason: "\(error)") }
    }

    // MARK: ResultSink

    /// Inserts the run with status `running`.
    public func runDidStart(_ run: RunInfo) async throws {
        try await write("record run start") { db in try HistoryWriting.insertRun(run, in: db) }
    }

    /// Writes one finished result; returns once it is committed.
    public func record(_ result: TestResult, in run: RunInfo) async throws {
        try await writer.submit(result, runID: run.id)
    }

    /// Queues results for the writer's next commit, at most `GroupCommitWriter.commitInterval` away, and
    /// returns at once: redaction and SQLite run on the writer's queue, not on the runner's threads.
    /// `runDidFinish` (or `flush`) commits what is left and reports what could not be stored.
    public func record(contentsOf results: [TestResult], in run: RunInfo) async throws {
        writer.enqueue(results, runID: run.id)
    }

    /// Commits every result queued so far.
    /// - Throws: `HistoryError.database` when results queued since the last flush could not be stored.
    public func flush() async throws {
        try await writer.flush()
    }

    /// Commits the queued results, then stores the totals and the final status.
    public func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        var lost: (any Error)?
        do { try await writer.flush() } catch { lost = error }
        try await write("record run end") { db in try HistoryWriting.finishRun(run.id, summary: summary, status: status, in: db) }
        // Fold the WAL into the main file so that copying only `history.sqlite` (a CI cache, an artifact)
        // carries the whole run. Best effort: a reader in another process may hold it back.
        _ = try? await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        if let lost { throw lost }
    }

    // MARK: Maintenance

    /// How long a run from another host may stay `running` before it is taken for dead: its process cannot
    /// be checked from here (a CI job killed on one runner, its history restored on another).
    public static let foreignRunTimeout: TimeInterval = 24 * 3600

    /// Marks as `interrupted` the runs still `running` whose process is gone (a SIGKILL, a crash, a power
    /// loss): on this host, when its pid no longer exists; from another host, once it started more than
    /// `foreignRunTimeout` ago. Totals are counted from the results the run kept.
    /// - Returns: the ids of the runs marked.
    @discardableResult
    public func markAbandonedRuns() throws -> [String] {
        let host = ProcessInfo.processInfo.hostName
        let cutoff = Date().addingTimeInterval(-Self.foreignRunTimeout)
        return try syncWrite("mark interrupted runs") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, pid, pid_host, started_at FROM runs WHERE status = 'running'")
            var marked: [String] = []
            for row in rows {
                let pid: Int32 = row["pid"]
                let runHost: String = row["pid_host"]
                let startedAt: Date = row["started_at"]
                let abandoned = runHost == host ? !Self.processIsAlive(pid) : startedAt < cutoff
                guard abandoned else { continue }
                let id: String = row["id"]
                try db.execute(
                    sql: """
                        UPDATE runs SET status = 'interrupted',
                            finished_at = COALESCE((SELECT MAX(started_at) FROM results WHERE run_seq = runs.seq), started_at),
                            passed = (SELECT COUNT(*) FROM results WHERE run_seq = runs.seq AND status = 'passed'),
                            failed = (SELECT COUNT(*) FROM results WHERE run_seq = runs.seq AND status = 'failed'),
                            errors = (SELECT COUNT(*) FROM results WHERE run_seq = runs.seq AND status = 'error'),
                            skipped = (SELECT COUNT(*) FROM results WHERE run_seq = runs.seq AND status = 'skipped')
                        WHERE id = ?
                        """, arguments: [id])
                marked.append(id)
            }
            return marked
        }
    }

    /// Whether a process exists (signal 0 probes without sending anything; EPERM means it exists).
    static func processIsAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    // MARK: Plumbing

    func write<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.writeWithoutTransaction { db in try Self.immediateTransaction(db, body) }
        } catch {
            throw Self.historyError(error, operation: operation)
        }
    }

    func syncWrite<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.writeWithoutTransaction { db in try Self.immediateTransaction(db, body) }
        } catch {
            throw Self.historyError(error, operation: operation)
        }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock up front, so a busy database waits
    /// at the start instead of failing at commit) and returns its value.
    private static func immediateTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        var value: T?
        try db.inTransaction(.immediate) {
            value = try body(db)
            return .commit
        }
        return value!
    }

    /// A `HistoryError` as is; anything else as `.database` naming the operation.
    private static func historyError(_ error: any Error, operation: String) -> HistoryError {
        (error as? HistoryError) ?? .database(operation: operation, reason: "\(error)")
    }

    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError.database(operation: operation, reason: "\(error)")
        }
    }
}
