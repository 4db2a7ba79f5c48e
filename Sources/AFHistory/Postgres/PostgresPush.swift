import Foundation
import GRDB

/// Copies the finished runs of an afrun SQLite history (the spool, or a file given to `merge`) into a
/// PostgreSQL history, each run in one transaction with its results, assertions and TLS rows.
///
/// Idempotent by run id: a run the server already has is skipped whole (`ON CONFLICT (id) DO NOTHING`), so a
/// push cut short (the server killed, a timeout) and sent again adds each run once. Runs still `running`
/// stay behind; the spool's open marks a dead process's run `interrupted`, and it goes with the next push.
struct PostgresPush {
    let session: PostgresSession
    let source: HistoryStore
    /// Whether runs are deleted from the source once the server has them (the spool; not a merged file).
    let deletesPushed: Bool

    /// Rows per `INSERT` (40 columns each stays far below PostgreSQL's 65,535 parameters).
    static let rowsPerStatement = 500

    /// Pushes every finished run, oldest first.
    /// - Returns: how many runs the server did not have.
    func run() throws(HistoryError) -> Int {
        let runs = try read("read spooled runs") { db in
            try Row.fetchAll(db, sql: "SELECT seq FROM runs WHERE status != 'running' ORDER BY seq").map {
                $0[0] as Int64
            }
        }
        guard !runs.isEmpty else { return 0 }
        let tests = try PostgresTestMap(session: session).upsert(
            read("read spooled tests") { db in try PostgresTestMap.Test.fetchAll(db) },
            tagsFollowSource: deletesPushed
        )
        var added = 0
        for sequence in runs {
            // One read per run: a snapshot, consistent with what another process pushes and deletes meanwhile.
            guard let snapshot = try read("read a spooled run", { db in try RunSnapshot(sequence: sequence, in: db) })
            else { continue }
            if try insert(snapshot, tests: tests) { added += 1 }
            if deletesPushed { try source.deleteRun(sequence: sequence) }
        }
        return added
    }

    /// Inserts one run unless the server has it; returns whether it did.
    private func insert(_ run: RunSnapshot, tests: [Int64: Int64]) throws(HistoryError) -> Bool {
        // The results' ids, taken from the server's sequence before the transaction (ids are never reused).
        var ids: [Int64: Int64] = [:]
        if !run.results.isEmpty {
            let rows = try session.query(
                "SELECT nextval(pg_get_serial_sequence('results', 'id')) FROM generate_series(1, ?)",
                [.integer(Int64(run.results.count))],
                operation: "push"
            )
            for (result, row) in zip(run.results, rows) {
                ids[result.id] = try PostgresValues(row).required(PostgresValues(row).int(0), "nextval")
            }
        }
        return try session.transaction(operation: "push run") { () throws(HistoryError) -> Bool in
            let columns = RunSnapshot.runColumns + ["first_result_id", "last_result_id"]
            let bounds: [SQLArgument] =
                ids.isEmpty
                ? [.null, .null] : [.integer(ids.values.min() ?? 0), .integer(ids.values.max() ?? 0)]
            let inserted = try session.query(
                """
                INSERT INTO runs (\(columns.joined(separator: ", ")))
                VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
                ON CONFLICT (id) DO NOTHING RETURNING seq
                """,
                run.run + bounds,
                operation: "push run"
            )
            guard let row = inserted.first else { return false }
            let sequence = try PostgresValues(row).required(PostgresValues(row).int(0), "seq")
            let results = try run.results.map { result throws(HistoryError) -> [SQLArgument] in
                guard let id = ids[result.id], let test = tests[result.testID] else {
                    throw HistoryError.database(operation: "push", reason: "result \(result.id) has no test")
                }
                return [.integer(id), .integer(sequence), .integer(test)] + result.rest
            }
            try insertRows("results", HistorySchema.resultsColumnNames, results)
            for (table, columns, rows) in [
                ("assertions", HistorySchema.assertionsColumnNames, run.assertions),
                ("tls", HistorySchema.tlsColumnNames, run.tls),
            ] {
                let mapped = rows.compactMap { row -> [SQLArgument]? in
                    guard case .integer(let old) = row[0], let id = ids[old] else { return nil }
                    return [.integer(id)] + row.dropFirst()
                }
                try insertRows(table, columns, mapped)
            }
            return true
        }
    }

    /// Multi-row `INSERT`s of `rowsPerStatement` rows.
    private func insertRows(_ table: String, _ columns: [String], _ rows: [[SQLArgument]]) throws(HistoryError) {
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(rows.count, start + Self.rowsPerStatement)]
            try session.query(
                "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
                    + Array(repeating: tuple, count: chunk.count).joined(separator: ", "),
                chunk.flatMap { $0 },
                operation: "push \(table)"
            )
            start += chunk.count
        }
    }

    private func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(HistoryError) -> T {
        do {
            return try source.read(operation, body)
        } catch {
            throw HistoryStore.historyError(error, operation: operation)
        }
    }
}

/// One finished run of a SQLite history, as values to bind: its row, its results, their assertions and TLS
/// rows (ids are the source's; the push maps them).
struct RunSnapshot {
    struct Result {
        var id: Int64
        var testID: Int64
        /// The columns after `id`, `run_seq` and `test_id`.
        var rest: [SQLArgument]
    }

    /// The `runs` columns copied (everything but `seq` and the result id bounds).
    static let runColumns =
        HistoryStore.runCopyColumns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        + ["history_detail", "run_group", "planned_tests"]

    var run: [SQLArgument]
    var results: [Result]
    var assertions: [[SQLArgument]]
    var tls: [[SQLArgument]]

    /// The run of `sequence`, or nil when it is gone (another process pushed and deleted it).
    init?(sequence: Int64, in db: Database) throws {
        guard
            let row = try Row.fetchOne(
                db,
                sql: "SELECT \(Self.runColumns.joined(separator: ", ")) FROM runs WHERE seq = ?",
                arguments: [sequence]
            )
        else { return nil }
        run = row.databaseValues.map(SQLArgument.init)
        let ids = try HistoryStore.resultIDs(ofRun: sequence, in: db)
        let mine = "SELECT id FROM results WHERE id BETWEEN ? AND ? AND run_seq = ?"
        let arguments: StatementArguments = [ids.lower, ids.upper, sequence]
        results = try Row.fetchAll(
            db,
            sql: "SELECT \(HistorySchema.resultsColumnNames.joined(separator: ", ")) FROM results"
                + " WHERE id BETWEEN ? AND ? AND run_seq = ? ORDER BY id",
            arguments: arguments
        )
        .map { row in
            let values = row.databaseValues
            return Result(id: row[0], testID: row[2], rest: values.dropFirst(3).map(SQLArgument.init))
        }
        assertions = try Row.fetchAll(
            db,
            sql: "SELECT \(HistorySchema.assertionsColumnNames.joined(separator: ", ")) FROM assertions"
                + " WHERE result_id IN (\(mine)) ORDER BY id",
            arguments: arguments
        )
        .map { $0.databaseValues.map(SQLArgument.init) }
        tls = try Row.fetchAll(
            db,
            sql: "SELECT \(HistorySchema.tlsColumnNames.joined(separator: ", ")) FROM tls WHERE result_id IN (\(mine))",
            arguments: arguments
        )
        .map { $0.databaseValues.map(SQLArgument.init) }
    }
}
