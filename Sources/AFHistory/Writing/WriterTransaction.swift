import AFRunner
import Foundation
import GRDB
import GRDBSQLite

/// The writer's side of SQLite: one write transaction kept open across insert passes and committed when
/// the writer says so, the inserter, and the items applied but not committed yet.
///
/// Inserting as results arrive and committing every `GroupCommitWriter.commitInterval` keeps both the
/// number of commits (each writes its dirty pages to the WAL) and the work left at the end of a run small.
/// Not `Sendable`: used only on the writer's queue.
final class WriterTransaction {
    /// How an item ended: committed, or why not.
    typealias Outcome = (item: WriterItem, result: Result<Void, HistoryError>)

    private let database: DatabaseHandle
    private let detail: HistoryDetail
    private let inserter: ResultInserter
    private var applied: [WriterItem] = []
    /// When the open transaction began; nil when none is open.
    private(set) var startedAt: ContinuousClock.Instant?

    init(database: DatabaseHandle, detail: HistoryDetail) {
        self.database = database
        self.detail = detail
        inserter = ResultInserter(detail: detail)
    }

    /// Results applied and not committed yet.
    private(set) var pendingResults = 0

    /// Applies `items` in the open transaction, beginning one if needed.
    /// - Returns: the items settled now: none when all went in; when one failed, the transaction is rolled
    ///   back and every uncommitted item is retried alone (a batch of results result by result), and all of
    ///   them are settled.
    func apply(_ items: [WriterItem]) -> [Outcome] {
        guard !items.isEmpty else { return [] }
        var next = 0
        do {
            let connection = try database.connection()
            try connection.writeWithoutTransaction { db in
                if startedAt == nil {
                    try begin(db)
                    startedAt = .now
                }
                while next < items.count {
                    try apply(items[next], in: db)
                    applied.append(items[next])
                    pendingResults += items[next].resultCount
                    next += 1
                }
            }
            return []
        } catch {
            return recover(from: error, retrying: applied + items[next...])
        }
    }

    /// Commits the open transaction, if any.
    /// - Returns: every item applied since the last commit, settled.
    func commit() -> [Outcome] {
        guard startedAt != nil else { return [] }
        do {
            // The checks stay off until another kind of write needs them (`constraintChecks(on:)`): each
            // change of those pragmas expires every prepared statement, and the batch INSERTs were compiled
            // again after every commit.
            try database.connection().writeWithoutTransaction { db in try db.cachedStatement(sql: "COMMIT").execute() }
            startedAt = nil
            pendingResults = 0
            defer { applied.removeAll(keepingCapacity: true) }
            return applied.map { ($0, .success(())) }
        } catch {
            return recover(from: error, retrying: applied)
        }
    }

    /// Syncs the WAL file to disk now (through SQLite's own handle of it), outside a transaction: what is
    /// committed so far is then on disk, and the next checkpoint's sync of the WAL has only later frames to
    /// write. Best effort.
    /// - Returns: whether the WAL was synced (false inside a transaction, or where SQLite gives no handle).
    @discardableResult
    func syncLog() -> Bool {
        guard startedAt == nil, let connection = try? database.connection() else { return false }
        return connection.writeWithoutTransaction { db in
            var file: UnsafeMutablePointer<sqlite3_file>?
            guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file) == SQLITE_OK,
                let file, let sync = file.pointee.pMethods?.pointee.xSync
            else { return false }
            return sync(file, SQLITE_SYNC_NORMAL) == SQLITE_OK
        }
    }

    /// Compiles what every insert pass runs (the results INSERTs, `BEGIN IMMEDIATE` and `COMMIT`), with the
    /// constraint checks already as the writer's transactions want them (changing them would expire the
    /// statements again). Called after a background open, while the suites load, so the run's first insert
    /// pass compiles nothing. Best effort: what fails here is compiled when first used.
    func prepare() {
        _ = try? database.connection().writeWithoutTransaction { db in
            try constraintChecks(on: false, db)
            try inserter.prepareStatements(in: db)
            _ = try db.cachedStatement(sql: "BEGIN IMMEDIATE")
            _ = try db.cachedStatement(sql: "COMMIT")
        }
    }

    /// Finalizes the inserter's prepared statements (before the database closes).
    func releaseStatements() {
        _ = try? database.connection().writeWithoutTransaction { _ in inserter.releaseStatements() }
    }

    /// Runs `body` with the writer connection outside any transaction (commit first).
    /// - Parameter checks: whether foreign-key and `CHECK` constraints are checked during `body` (off only
    ///   for a delete that makes sure itself that nothing refers to what it removes).
    func withDatabase<T>(checks: Bool = true, _ body: (Database) throws -> T) throws -> T {
        // `body` may delete runs or tests (prune) through this very connection, which `data_version` does not
        // report: the remembered ids go.
        inserter.forgetIDs()
        return try database.connection().writeWithoutTransaction { db in
            try constraintChecks(on: checks, db)
            return try body(db)
        }
    }

    /// Whether the writer connection checks foreign keys and `CHECK` constraints, as last set (both are on
    /// when GRDB opens it).
    private var checksOn = true

    /// Turns the connection's foreign-key and `CHECK` constraint checks on or off, outside a transaction, only
    /// when that changes them: setting these pragmas expires every prepared statement of the connection.
    ///
    /// Off, the batch INSERT is also spared the `status IN (…)` check, which SQLite evaluates against a
    /// temporary B-tree built for every execution of the statement (a list of more than two values).
    private func constraintChecks(on: Bool, _ db: Database) throws {
        guard on != checksOn else { return }
        try db.execute(sql: on
            ? "PRAGMA foreign_keys = ON; PRAGMA ignore_check_constraints = OFF"
            : "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON")
        checksOn = on
    }

    /// The last `PRAGMA data_version` seen: it changes when another connection commits.
    private var dataVersion: Int64?

    /// Begins the writer's transaction with foreign-key and `CHECK` constraint checks off, after making sure
    /// the ids the inserter remembers still hold. (Every status and detail value the writer stores comes from
    /// a Swift enum's raw value, so the `CHECK`s cannot fail either.)
    ///
    /// The inserter resolves every id a row refers to (the run's sequence number, the test's id, the result
    /// ids it assigns itself) inside the transaction, under the write lock, from rows it read or wrote: the
    /// checks SQLite would make (six B-tree lookups per result, a tenth of the insert time) cannot fail. The
    /// one way a remembered id could go stale, another process deleting the run or a test (`prune`) between
    /// two of our transactions, changes `data_version`, and then the inserter forgets what it knew and reads
    /// it again. Every other write of the connection (`withDatabase`, `recover`) runs with the checks on,
    /// but for prune's orphan delete, which asks for them off.
    private func begin(_ db: Database) throws {
        // Only outside a transaction does `foreign_keys` take effect.
        try constraintChecks(on: false, db)
        try db.cachedStatement(sql: "BEGIN IMMEDIATE").execute()
        let query = SQLiteBinder(try db.cachedStatement(sql: "PRAGMA data_version"), in: db)
        let version = try query.singleInt64("read data_version")
        if version != dataVersion { inserter.forgetIDs() }
        dataVersion = version
        inserter.transactionWillBegin()
    }

    private func apply(_ item: WriterItem, in db: Database) throws {
        switch item.operation {
        case .start(let run):
            try HistoryWriting.insertRun(run, detail: detail, in: db)
        case .results(let batch):
            // A statement per table for each `batchSize` results.
            var start = batch.range.lowerBound
            while start < batch.range.upperBound {
                let end = min(start + ResultInserter.batchSize, batch.range.upperBound)
                try inserter.insert(batch, start..<end, in: db)
                start = end
            }
        case .finish(let runID, let summary, let status):
            try HistoryWriting.finishRun(runID, summary: summary, status: status, in: db)
        }
    }

    /// Rolls back, then stores each item in its own transaction so one bad item does not sink the others.
    private func recover(from error: any Error, retrying batches: [WriterItem]) -> [Outcome] {
        applied.removeAll()
        startedAt = nil
        pendingResults = 0
        let items = batches.flatMap { $0.split() }
        // Ids learnt in the rolled-back transaction are gone; another process may have pruned a test.
        inserter.forgetIDs()
        guard let connection = try? database.connection() else {
            let failure = HistoryStore.historyError(error, operation: "open")
            return items.map { ($0, .failure(failure)) }
        }
        _ = try? connection.writeWithoutTransaction { db in
            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
            checksOn = false  // whatever they were: set them for sure
            try constraintChecks(on: true, db)
        }
        return items.map { item in
            do {
                try connection.writeWithoutTransaction { db in
                    inserter.transactionWillBegin()
                    try db.inTransaction(.immediate) {
                        try apply(item, in: db)
                        return .commit
                    }
                }
                return (item, .success(()))
            } catch {
                inserter.forgetIDs()
                return (item, .failure(HistoryStore.historyError(error, operation: "record \(item.label)")))
            }
        }
    }
}
