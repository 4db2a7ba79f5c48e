import Foundation
import GRDB

extension HistoryStore {
    static let runCopyColumns = """
        id, started_at, finished_at, status, command_line, host, pid, pid_host, afrun_version, libcurl_version,
        openssl_version, git_commit, git_branch, shard, passed, failed, errors, skipped, duration_ms, p50_ms, p95_ms
        """
    /// Copies into this history the runs of another history file that it does not have yet (matched by
    /// run id), with their results (and timings), assertions and TLS rows. CI uses it to fold the databases
    /// of parallel shards into one before caching it.
    /// - Parameter otherPath: an afrun history database (schema version 1 to 5; version 1's runs come in
    ///   as the migration to version 2 would have left them).
    /// - Returns: how many runs were copied.
    /// - Throws: `HistoryError.cannotOpen` when the file is missing or not an afrun history,
    ///   `.newerSchema` when a newer afrun migrated it further.
    @discardableResult
    public func merge(from otherPath: String) throws -> Int {
        try Self.checkMergeSource(otherPath, into: path)
        do {
            return try database.openedConnection().writeWithoutTransaction { db in
                try db.execute(sql: "ATTACH DATABASE ? AS src", arguments: [otherPath])
                defer { try? db.execute(sql: "DETACH DATABASE src") }
                try Self.refuseNewerSchema(db, path: otherPath, schema: "src")
                let applied = try String.fetchAll(
                    db,
                    sql: "SELECT identifier FROM src.grdb_migrations ORDER BY identifier"
                )
                guard !applied.isEmpty, applied == Array(HistorySchema.versions.prefix(applied.count)) else {
                    throw HistoryError.cannotOpen(
                        path: otherPath,
                        reason:
                            "not an afrun history of schema v1 to v\(HistorySchema.versions.count) (migrations: \(applied)); merge it with the afrun that wrote it"
                    )
                }
                var copied = 0
                try db.inTransaction(.immediate) {
                    copied = try Self.copyRuns(
                        in: db,
                        sourceIsV1: applied == ["v1"],
                        sourceHasTags: applied.contains("v7"),
                        sourceHasGroups: applied.contains("v8"),
                        sourceHasPlans: applied.contains("v9")
                    )
                    return .commit
                }
                return copied
            }
        } catch let error as HistoryError {
            throw error
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw Self.openError(error, path: otherPath)
        } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
            throw Self.openError(error, path: path)
        } catch {
            throw HistoryError.database(operation: "merge '\(otherPath)'", reason: "\(error)")
        }
    }

    /// Refuses a file to merge that is missing, or is the history merged into (under another name too):
    /// attaching a database to itself waits for its own lock.
    static func checkMergeSource(_ otherPath: String, into path: String) throws(HistoryError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: otherPath, isDirectory: &isFolder), !isFolder.boolValue else {
            throw HistoryError.invalidArgument(
                "no history file '\(otherPath)' to merge; check the path (a shard's artifact that was not downloaded?)"
            )
        }
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        }
        if resolved(otherPath) == resolved(path) {
            throw HistoryError.invalidArgument(
                "'\(otherPath)' is the history merged into (--db); name the other histories to fold into it"
            )
        }
    }

    private static func copyRuns(
        in db: Database,
        sourceIsV1: Bool,
        sourceHasTags: Bool,
        sourceHasGroups: Bool,
        sourceHasPlans: Bool
    ) throws -> Int {
        // A version 1 run kept everything: its `history_detail` is the column's default, `all`.
        let runColumns =
            (sourceIsV1 ? runCopyColumns : runCopyColumns + ", history_detail")
            + (sourceHasGroups ? ", run_group" : "") + (sourceHasPlans ? ", planned_tests" : "")
        try db.execute(
            sql: """
                DROP TABLE IF EXISTS temp.new_runs;
                DROP TABLE IF EXISTS temp.seq_map;
                DROP TABLE IF EXISTS temp.test_map;
                CREATE TEMP TABLE new_runs AS SELECT seq, id FROM src.runs WHERE id NOT IN (SELECT id FROM main.runs);
                INSERT INTO main.runs (\(runColumns))
                    SELECT \(runColumns) FROM src.runs WHERE seq IN (SELECT seq FROM temp.new_runs) ORDER BY seq;
                CREATE TEMP TABLE seq_map AS
                    SELECT n.seq AS old_seq, m.seq AS new_seq FROM temp.new_runs n JOIN main.runs m ON m.id = n.id;
                INSERT INTO main.suites (file, name) SELECT file, name FROM src.suites WHERE true ON CONFLICT(file) DO NOTHING;
                INSERT INTO main.tests (suite_id, name)
                    SELECT ms.id, st.name FROM src.tests st JOIN src.suites ss ON ss.id = st.suite_id
                    JOIN main.suites ms ON ms.file = ss.file WHERE true ON CONFLICT(suite_id, name) DO NOTHING;
                CREATE TEMP TABLE test_map AS
                    SELECT st.id AS old_id, mt.id AS new_id FROM src.tests st JOIN src.suites ss ON ss.id = st.suite_id
                    JOIN main.suites ms ON ms.file = ss.file JOIN main.tests mt ON mt.suite_id = ms.id AND mt.name = st.name;
                """
        )
        if sourceHasTags {
            // A test's tags are the latest its suite declared; a test this history has no tags for takes
            // the source's.
            try db.execute(
                sql: """
                    UPDATE main.tests SET tags = (
                        SELECT st.tags FROM temp.test_map tm JOIN src.tests st ON st.id = tm.old_id
                        WHERE tm.new_id = main.tests.id AND st.tags IS NOT NULL LIMIT 1
                    )
                    WHERE tags IS NULL AND id IN (
                        SELECT tm.new_id FROM temp.test_map tm JOIN src.tests st ON st.id = tm.old_id
                        WHERE st.tags IS NOT NULL
                    )
                    """
            )
        }
        let copied = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM temp.seq_map") ?? 0
        // Result ids move by a fixed offset past this history's largest, so child rows follow without a map.
        let offset = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM main.results") ?? 0
        let results = HistorySchema.resultsColumnNames.dropFirst(3)  // after id, run_seq, test_id
        let timings = Set(HistorySchema.timingColumns)
        // What each column is read from: version 1 kept the timings in its `metrics` table and had no count.
        let source = { (column: String) -> String in
            guard sourceIsV1 else { return "r." + column }
            if timings.contains(column) { return "m." + column }
            if column == "assertion_count" { return "(SELECT COUNT(*) FROM src.assertions a WHERE a.result_id = r.id)" }
            return "r." + column
        }
        var sql = """
            INSERT INTO main.results (id, run_seq, test_id, \(results.joined(separator: ", ")))
                SELECT r.id + :offset, sm.new_seq, tm.new_id, \(results.map(source).joined(separator: ", "))
                FROM src.results r JOIN temp.seq_map sm ON sm.old_seq = r.run_seq JOIN temp.test_map tm ON tm.old_id = r.test_id
                \(sourceIsV1 ? "LEFT JOIN src.metrics m ON m.result_id = r.id" : "");

            """
        for (table, columns) in [
            ("assertions", HistorySchema.assertionsColumnNames), ("tls", HistorySchema.tlsColumnNames),
        ] {
            let rest = columns.dropFirst()  // after result_id
            sql += """
                INSERT INTO main.\(table) (result_id, \(rest.joined(separator: ", ")))
                    SELECT c.result_id + :offset, \(rest.map { "c." + $0 }.joined(separator: ", "))
                    FROM src.\(table) c JOIN src.results r ON r.id = c.result_id JOIN temp.seq_map sm ON sm.old_seq = r.run_seq;

                """
        }
        // Each copied run's range of result ids (schema v5), from the ids just given: all above `offset` (this
        // history's largest before, under the write lock), gathered in one read of that range of the rowid. A run
        // copied without results keeps NULL bounds; the source's own bounds (if any) are ids of the other file.
        sql += """
            DROP TABLE IF EXISTS temp.bounds;
            CREATE TEMP TABLE bounds (seq INTEGER PRIMARY KEY, first INTEGER, last INTEGER);
            INSERT INTO temp.bounds SELECT run_seq, MIN(id), MAX(id) FROM main.results WHERE id > :offset GROUP BY run_seq;
            UPDATE main.runs SET (first_result_id, last_result_id) = (SELECT first, last FROM temp.bounds b WHERE b.seq = runs.seq)
                WHERE seq IN (SELECT new_seq FROM temp.seq_map);
            DROP TABLE temp.bounds;

            """
        sql += "DROP TABLE temp.new_runs; DROP TABLE temp.seq_map; DROP TABLE temp.test_map;"
        try db.execute(sql: sql, arguments: ["offset": offset])
        return copied
    }
}
