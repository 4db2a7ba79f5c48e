import Foundation
import GRDB

extension HistoryStore {
    /// Opens (creating if needed) the history at `path`: creates parent folders, turns on WAL, brings the
    /// schema up to date, and marks runs left `running` by a process that no longer exists as `interrupted`.
    /// - Parameters:
    ///   - path: the database file.
    ///   - detail: how much of each result the runs it records keep (queries read every level).
    /// - Returns: the open store.
    /// - Throws: `HistoryError.cannotOpen`, `.migrationFailed`, or `.newerSchema` for a file a newer afrun migrated.
    public static func open(path: String, detail: HistoryDetail = .failures) throws -> HistoryStore {
        try open(path: path, detail: detail, commitInterval: GroupCommitWriter.commitInterval)
    }

    /// `open(path:detail:)` with a writer that commits every `commitInterval` (tests).
    static func open(path: String, detail: HistoryDetail, commitInterval: Duration) throws -> HistoryStore {
        let connection = try openConnection(path: path)
        return HistoryStore(path: path, detail: detail, commitInterval: commitInterval) { _ in DatabaseHandle(connection: connection) }
    }

    /// A store whose database is opened on the writer's queue while the caller goes on (`afrun run`
    /// starts its requests meanwhile). Recording queues behind the open; queries wait for it; an open that
    /// fails is reported by `runDidFinish`, `flush` and every query.
    /// - Parameters:
    ///   - path: the database file.
    ///   - detail: how much of each result the runs it records keep.
    /// - Returns: the store, possibly still opening.
    public static func openInBackground(path: String, detail: HistoryDetail = .failures) -> HistoryStore {
        let store = HistoryStore(path: path, detail: detail) { queue in
            DatabaseHandle(openingOn: queue) { () throws(HistoryError) in try openConnection(path: path) }
        }
        // Still while the suites load: the statements every insert pass runs.
        store.writer.prepareInBackground()
        return store
    }

    /// The page size of a new history file. A result row (~200 bytes) is small next to either size, but with
    /// 8 KiB pages SQLite splits and links half as many pages per run and the checkpoints copy half as many:
    /// SQLite's own CPU per inserted row was 13% lower than with its default 4 KiB (docs/performance.md,
    /// History, "Tenth round"). Files made with another size keep it.
    static let pageSize = 8192

    /// The folders, the connection in WAL mode, the migrations, the interrupted-runs check, and a checkpoint
    /// of what the last run left in the WAL.
    ///
    /// One connection (a `DatabaseQueue`), not a `DatabasePool`: the store writes through one connection and
    /// reads little, and a pool's WAL set-up on every open (a file-size look-up through Foundation's URL
    /// resource values, and a table created and dropped whenever the `-wal` file is empty, which closing the
    /// last connection always leaves) was a tenth of what recording a 2,000-test run cost.
    static func openConnection(path: String) throws(HistoryError) -> DatabaseQueue {
        // The folder from the text itself, and created only when missing: `URL(fileURLWithPath:)` looks at the
        // file system, and `createDirectory` does even for a folder that exists (every run opens the history).
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let folder = String(path[..<slash])
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw HistoryError.cannotOpen(path: path, reason: "cannot create folder '\(folder)': \(error.localizedDescription)")
                }
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.label = "afrun.history"
        // The writer keeps its transaction open between insert passes (GroupCommitWriter); every other
        // write goes through the writer's queue, which commits it first.
        configuration.allowsUnsafeTransactions = true
        configuration.prepareDatabase { db in
            // A new file gets pages of `pageSize` (before WAL mode, which writes the file's first page); an
            // existing file keeps its own.
            try db.execute(sql: "PRAGMA page_size = \(pageSize)")
            // WAL (kept in the file once set): readers in other processes never block the writer, and writers
            // wait for each other (`busyTimeout`).
            let query = SQLiteBinder(try db.makeStatement(sql: "PRAGMA journal_mode = WAL"), in: db)
            let mode = try query.nextRow("turn on WAL") ? query.text(at: 0) : "none"
            guard mode == "wal" else {
                throw HistoryError.cannotOpen(path: path, reason: "SQLite could not turn on WAL mode (journal mode '\(mode)')")
            }
            // WAL with synchronous=NORMAL: a commit survives the process dying (the WAL is in the OS cache);
            // only a power loss may drop the last commits. FULL would fsync every commit.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let connection: DatabaseQueue
        do {
            connection = try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError.cannotOpen(path: path, reason: "\(error)")
        }
        // Most opens find the schema up to date: one query says so, and GRDB's migrator (and its first generic
        // look-ups in the process) is not needed.
        var applied = (try? connection.writeWithoutTransaction(appliedMigrations)) ?? []
        // A new file gets the latest schema in one step (a file another process is creating at the same moment,
        // or one with tables of its own, goes through the migrator as before).
        if applied.isEmpty, (try? connection.writeWithoutTransaction(HistorySchema.createLatestIfEmpty)) == true {
            applied = Set(HistorySchema.versions)
        }
        let unknown = applied.subtracting(HistorySchema.versions)
        if !unknown.isEmpty { throw HistoryError.newerSchema(path: path, migrations: unknown.sorted()) }
        if applied != Set(HistorySchema.versions) {
            let migrator = HistorySchema.migrator
            do {
                try migrator.migrate(connection)
            } catch {
                // Another process may have applied the same migration at the same moment.
                let done = (try? connection.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
                if !done { throw HistoryError.migrationFailed(path: path, reason: "\(error)") }
            }
        }
        do {
            _ = try connection.writeWithoutTransaction { db in
                // A file a newer afrun migrated further (meanwhile): its tables may not be what this afrun writes and reads.
                if applied != Set(HistorySchema.versions) { try refuseNewerSchema(db, path: path) }
                // The write lock only when some run is left `running` (usually none is).
                let running = SQLiteBinder(try db.makeStatement(sql: "SELECT 1 FROM runs WHERE status = 'running' LIMIT 1"), in: db)
                if try running.singleInt64("look for unfinished runs") != nil {
                    _ = try immediateTransaction(db, markAbandonedRuns)
                }
            }
        } catch {
            throw historyError(error, operation: "mark interrupted runs")
        }
        // The last run's commits, left in the WAL by its close (`close()`), go into the file now: in a run,
        // while the suites load. Passive: frames another process still reads stay for a later checkpoint.
        _ = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        return connection
    }

    /// The migrations applied to the database (none when it has no migration table yet).
    static func appliedMigrations(_ db: Database) throws -> Set<String> {
        guard let statement = try? db.makeStatement(sql: "SELECT identifier FROM grdb_migrations") else { return [] }
        let query = SQLiteBinder(statement, in: db)
        var identifiers: Set<String> = []
        while try query.nextRow("read the applied migrations") { identifiers.insert(query.text(at: 0)) }
        return identifiers
    }

    /// Throws `HistoryError.newerSchema` when the database (`main`, or an attached `schema`) has migrations
    /// applied that this afrun does not know.
    static func refuseNewerSchema(_ db: Database, path: String, schema: String = "main") throws {
        let applied = try String.fetchSet(db, sql: "SELECT identifier FROM \(schema).grdb_migrations")
        let unknown = applied.subtracting(HistorySchema.versions)
        if !unknown.isEmpty { throw HistoryError.newerSchema(path: path, migrations: unknown.sorted()) }
    }

    /// How long a run from another host may stay `running` before it is taken for dead: its process cannot
    /// be checked from here (a CI job killed on one runner, its history restored on another).
    public static let foreignRunTimeout: TimeInterval = 24 * 3600

    /// Marks as `interrupted` the runs still `running` whose process is gone (a SIGKILL, a crash, a power
    /// loss): on this host, when its pid no longer exists; from another host, once it started more than
    /// `foreignRunTimeout` ago. Totals are counted from the results the run kept; its last result id is the
    /// largest there is (it records no more).
    /// - Returns: the ids of the runs marked.
    @discardableResult
    public func markAbandonedRuns() throws -> [String] {
        try syncWrite("mark interrupted runs", Self.markAbandonedRuns)
    }

    static func markAbandonedRuns(in db: Database) throws -> [String] {
        let host = ProcessInfo.processInfo.hostName
        let cutoff = Date().addingTimeInterval(-foreignRunTimeout)
        let rows = try Row.fetchAll(db, sql: "SELECT id, pid, pid_host, started_at FROM runs WHERE status = 'running'")
        // The run's results: from its first result id on (schema v5; its end is still open), a range of the
        // rowid, and of this run. (SET reads the row as it was, before `last_result_id` is set.)
        let mine = "id BETWEEN runs.first_result_id AND COALESCE(runs.last_result_id, 9223372036854775807) AND run_seq = runs.seq"
        var marked: [String] = []
        for row in rows {
            let pid: Int32 = row["pid"]
            let runHost: String = row["pid_host"]
            let startedAt: Date = row["started_at"]
            let abandoned = runHost == host ? !processIsAlive(pid) : startedAt < cutoff
            guard abandoned else { continue }
            let id: String = row["id"]
            try db.execute(
                sql: """
                    UPDATE runs SET status = 'interrupted',
                        finished_at = COALESCE((SELECT MAX(started_at) FROM results WHERE \(mine)), started_at),
                        passed = (SELECT COUNT(*) FROM results WHERE \(mine) AND status = 'passed'),
                        failed = (SELECT COUNT(*) FROM results WHERE \(mine) AND status = 'failed'),
                        errors = (SELECT COUNT(*) FROM results WHERE \(mine) AND status = 'error'),
                        skipped = (SELECT COUNT(*) FROM results WHERE \(mine) AND status = 'skipped'),
                        last_result_id = COALESCE(last_result_id, (SELECT MAX(id) FROM results))
                    WHERE id = ?
                    """, arguments: [id])
            marked.append(id)
        }
        return marked
    }

    /// Whether a process exists (signal 0 probes without sending anything; EPERM means it exists).
    static func processIsAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
