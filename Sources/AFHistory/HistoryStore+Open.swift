import Foundation
import GRDB

extension HistoryStore {
    /// Opens (creating if needed) the history at `path`: creates parent folders, turns on WAL, brings the
    /// schema up to date, and marks runs left `running` by a process that no longer exists as `interrupted`.
    /// - Parameters:
    ///   - path: the database file.
    ///   - detail: how much of each result the runs it records keep (queries read every level).
    /// - Returns: the open store.
    /// - Throws: `HistoryError.cannotOpen`, `.notAHistory`, `.migrationFailed`, or `.newerSchema` for a file a
    ///   newer afrun migrated.
    public static func open(path: String, detail: HistoryDetail = .failures) async throws -> HistoryStore {
        let store = openInBackground(path: path, detail: detail)
        // The open runs on the writer's queue (its retries wait there); the task is suspended meanwhile.
        _ = try await store.database.connection()
        return store
    }

    /// `open(path:detail:)`, blocking the calling thread: for the synchronous `HistoryStoring` work (a
    /// command's queries, a push on its own thread). Async code calls the async `open(path:detail:)`, which
    /// the compiler picks there.
    /// - Throws: as `open(path:detail:)`.
    public static func open(path: String, detail: HistoryDetail = .failures) throws -> HistoryStore {
        try open(path: path, detail: detail) { _ in }
    }

    /// `open(path:detail:)` on a connection set up by `configure` as well (tests: a size limit).
    static func open(
        path: String,
        detail: HistoryDetail,
        configure: (inout Configuration) -> Void
    ) throws -> HistoryStore {
        let connection = try openConnection(path: path, configure: configure)
        return HistoryStore(path: path, detail: detail) { _ in DatabaseHandle(connection: connection) }
    }

    /// A store whose database is opened on the writer's queue while the caller goes on (`afrun run`
    /// starts its requests meanwhile). Recording queues behind the open; queries wait for it; an open that
    /// fails is reported by `runDidFinish`, `flush` and every query.
    /// - Parameters:
    ///   - path: the database file.
    ///   - detail: how much of each result the runs it records keep.
    /// - Returns: the store, possibly still opening.
    public static func openInBackground(path: String, detail: HistoryDetail = .failures) -> HistoryStore {
        HistoryStore(path: path, detail: detail) { queue in
            DatabaseHandle(openingOn: queue) { () throws(HistoryError) in try openConnection(path: path) }
        }
    }

    /// The page size of a new history file (SQLite's default is 4 KiB): with 8 KiB SQLite splits and links
    /// half as many pages per run. Files made with another size keep it.
    static let pageSize = 8192

    /// The folders, the connection in WAL mode, the migrations and the interrupted-runs check. A file this
    /// process cannot write (a read-only mount, another user's file) opens read-only, for queries.
    ///
    /// One connection (a `DatabaseQueue`), not a `DatabasePool`: the store writes through one connection and
    /// reads little.
    static func openConnection(
        path: String,
        configure: (inout Configuration) -> Void = { _ in }
    ) throws(HistoryError) -> DatabaseQueue {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            // SQLite answers a folder with "disk I/O error".
            throw HistoryError.cannotOpen(
                path: path,
                reason:
                    "it is a folder; name a file in it, e.g. --db \(path.hasSuffix("/") ? path : path + "/")history.sqlite"
            )
        }
        try createFolder(of: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.label = "afrun.history"
        // WAL: readers in other processes never block the writer, and writers wait for each other
        // (`busyTimeout`). GRDB sets `synchronous = NORMAL` with it: a commit survives the process dying; only
        // a power loss may drop the last commits.
        configuration.journalMode = .wal
        // A new file gets pages of `pageSize` (before WAL mode, which writes the file's first page).
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
        configure(&configuration)
        do {
            let connection = try connect(path: path, configuration: configuration)
            try migrate(connection, path: path)
            try connection.writeWithoutTransaction { db in
                // The write lock only when some run is left `running` (usually none is).
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM runs WHERE status = 'running' LIMIT 1") == true {
                    _ = try immediateTransaction(db, markAbandonedRuns)
                }
            }
            return connection
        } catch let error as DatabaseError where isReadOnly(error) && FileManager.default.fileExists(atPath: path) {
            return try openReadOnly(path: path)
        } catch {
            throw openError(error, path: path, busyTimeout: busyTimeout(of: configuration))
        }
    }

    /// How many times an open that lost a race to another process's open is tried again.
    static let openAttempts = 40

    /// The connection, tried again while another process that opens the same new file at the same moment
    /// holds it: SQLite answers the switch to WAL with `SQLITE_BUSY` at once, without its busy timeout.
    /// The tries end with the busy timeout: a lock held that long (another process's long write) is not a
    /// race, and each try may wait the whole timeout again.
    private static func connect(path: String, configuration: Configuration) throws -> DatabaseQueue {
        let deadline = Date().addingTimeInterval(busyTimeout(of: configuration))
        var attempt = 1
        while true {
            do {
                return try DatabaseQueue(path: path, configuration: configuration)
            } catch let error as DatabaseError
                where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) && attempt < openAttempts
                && Date() < deadline
            {
                attempt += 1
                // A blocking wait: an open runs on the store's writer queue (`openInBackground`, and the async
                // `open`) or on a thread that waits for it anyway (the synchronous `open`), never on a task's.
                usleep(25_000)
            }
        }
    }

    /// How long `configuration` lets SQLite wait for another process's lock.
    static func busyTimeout(of configuration: Configuration) -> TimeInterval {
        if case .timeout(let seconds) = configuration.busyMode { return seconds }
        return 0
    }

    /// Creates the folder of `path` when missing.
    private static func createFolder(of path: String) throws(HistoryError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let folder = String(path[..<slash])
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw HistoryError.cannotOpen(
                path: path,
                reason: "cannot create folder '\(folder)': \(error.localizedDescription)"
            )
        }
    }

    /// Whether an open failed because the file or its folder cannot be written.
    private static func isReadOnly(_ error: DatabaseError) -> Bool {
        [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM].contains(error.resultCode)
    }

    /// Opens a history this process cannot write, for queries: with SQLite's locks when the WAL's index
    /// (`-shm`) can be shared, else as an immutable file (SQLite needs the index to read a WAL database, and
    /// cannot create one in a folder it cannot write; no process may be writing the file then, since none
    /// left its `-wal` behind).
    private static func openReadOnly(path: String) throws(HistoryError) -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "afrun.history"
        let immutable =
            "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
        var failure: (any Error)?
        for name in [path, immutable] {
            do {
                let connection = try DatabaseQueue(path: name, configuration: configuration)
                let applied = try connection.read(appliedMigrations)
                guard applied == Set(HistorySchema.versions) else {
                    throw HistoryError.cannotOpen(
                        path: path,
                        reason: "it is read-only and its schema needs an update only a writable file can get"
                    )
                }
                return connection
            } catch let error as HistoryError {
                throw error
            } catch {
                failure = error
            }
        }
        throw openError(failure ?? HistoryError.cannotOpen(path: path, reason: "read-only"), path: path)
    }

    /// A failed open as a `HistoryError`: a file that is not an afrun history, is damaged or stayed locked
    /// says so.
    static func openError(
        _ error: any Error,
        path: String,
        busyTimeout: TimeInterval = HistoryStore.busyTimeout
    )
        -> HistoryError
    {
        if let error = error as? HistoryError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: return .notAHistory(path: path)
            case .SQLITE_CORRUPT: return .damaged(path: path, reason: error.message ?? "\(error.resultCode)")
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path, seconds: Int(busyTimeout.rounded(.up)))
            default: break
            }
        }
        return .cannotOpen(path: path, reason: "\(error)")
    }

    /// Brings the schema up to date (another process may be doing the same at the same moment).
    private static func migrate(_ connection: DatabaseQueue, path: String) throws {
        // No migration yet, but tables: another program's database (a mistyped --db), left as it is. Both read
        // in one snapshot: another process creating the same new file may commit its first migration between
        // two reads, and its tables must not be taken for another program's.
        let foreignTables =
            "SELECT COUNT(*) FROM sqlite_master WHERE name != 'grdb_migrations' AND name NOT LIKE 'sqlite_%'"
        let (applied, tables) = try connection.read { db in
            (try appliedMigrations(db), try Int.fetchOne(db, sql: foreignTables) ?? 0)
        }
        let unknown = applied.subtracting(HistorySchema.versions)
        if !unknown.isEmpty { throw HistoryError.newerSchema(path: path, migrations: unknown.sorted()) }
        guard applied != Set(HistorySchema.versions) else { return }
        if applied.isEmpty, tables > 0 { throw HistoryError.notAHistory(path: path) }
        let migrator = HistorySchema.migrator
        // Another process may be applying the same migrations at the same moment: one that fails here
        // (its ALTER TABLE ran already) is tried again from the migrations still missing, until none is.
        var attempt = 1
        while true {
            do {
                try migrator.migrate(connection)
                break
            } catch {
                let done = (try? connection.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
                if done { break }
                guard attempt < openAttempts else {
                    throw HistoryError.migrationFailed(path: path, reason: "\(error)")
                }
                attempt += 1
                usleep(25_000)  // on the opening thread, as in `connect`
            }
        }
        // A file a newer afrun migrated further (meanwhile): its tables may not be what this afrun writes and reads.
        try connection.read { db in try refuseNewerSchema(db, path: path) }
    }

    /// The migrations applied to the database (none when it has no migration table yet).
    static func appliedMigrations(_ db: Database) throws -> Set<String> {
        guard try db.tableExists("grdb_migrations") else { return [] }
        return try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
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
        let mine =
            "id BETWEEN runs.first_result_id AND COALESCE(runs.last_result_id, 9223372036854775807) AND run_seq = runs.seq"
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
                    """,
                arguments: [id]
            )
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
