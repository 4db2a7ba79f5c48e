import GRDB

/// The writer connection's multi-row INSERTs: one prepared statement per table and power-of-two row count,
/// compiled on first use and kept. Any number of rows goes in as a few statements of decreasing powers of
/// two (23 rows: 16 + 4 + 2 + 1), so a process compiles at most eight statements per table (compiling one
/// per count seen was a tenth of a run's writer CPU).
///
/// SQLite pays a fixed cost per statement run (opening the transaction's cursors, halting, resetting): with
/// one statement per row it was a third of the insert time, five times per result. A statement of up to
/// `ResultInserter.batchSize` results (and their assertions and TLS rows) pays it once per table and batch.
/// Not `Sendable`: used on the writer's queue only, with the one writer connection.
final class BatchStatements {
    /// A table the writer inserts into, with its columns in binding order.
    enum Table: Int, CaseIterable {
        case results
        case assertions
        case tls

        var columns: [String] {
            switch self {
            case .results:
                ["id", "run_seq", "test_id", "line", "status", "attempts", "started_at", "duration_ms",
                 "failure_messages", "error_kind", "curl_code", "skip_reason", "method", "url", "request_headers",
                 "response_status", "http_version", "response_headers", "body_excerpt", "body_bytes", "remote_ip",
                 "remote_port", "captures"] + HistorySchema.timingColumns + ["assertion_count"]
            case .assertions:
                ["result_id", "position", "kind", "target", "predicate", "expected", "actual", "passed", "message"]
            case .tls:
                ["result_id", "protocol_version", "cipher", "chain_pins", "leaf_subject", "leaf_not_after",
                 "trusted", "rejection_reason"]
            }
        }

        var name: String {
            switch self {
            case .results: "results"
            case .assertions: "assertions"
            case .tls: "tls"
            }
        }

        /// What a failed step was doing (a constant: no text built per statement).
        var operation: String {
            switch self {
            case .results: "insert results"
            case .assertions: "insert assertions"
            case .tls: "insert TLS evidence"
            }
        }
    }

    /// The most rows one statement inserts (37 columns × 128 rows stays below SQLite's 32,766 parameters).
    static let maxRows = 128

    /// The text of the rows being bound (the statements point into it until they run again).
    private let arena = TextArena()

    /// Each table's statements by row count. Held here rather than looked up in GRDB's cache by their SQL
    /// (hashing a 1.5 kB text per statement run); `removeAll()` finalizes them before the connection closes.
    private var cache: [[Int: Statement]] = Table.allCases.map { _ in [:] }

    /// Inserts `count` rows into `table`: `bind` binds the columns of row `index` (0..<count), in order.
    func insert(
        _ table: Table, count: Int, in db: Database, bind: (_ row: inout SQLiteBinder, _ index: Int) throws -> Void
    ) throws {
        var index = 0
        while index < count {
            var rows = Self.maxRows
            while rows > count - index { rows /= 2 }
            var row = try SQLiteBinder(statement(table, rows: rows, in: db), in: db, arena: arena)
            for offset in index..<(index + rows) { try bind(&row, offset) }
            try row.step(table.operation)
            index += rows
        }
    }

    /// Compiles the INSERTs of `table` that `insert` uses for counts up to `count`: every power of two up to it.
    func prepare(_ table: Table, upTo count: Int, in db: Database) throws {
        var rows = 1
        while rows <= min(count, Self.maxRows) {
            _ = try statement(table, rows: rows, in: db)
            rows *= 2
        }
    }

    /// The INSERT of `rows` rows into `table`.
    private func statement(_ table: Table, rows: Int, in db: Database) throws -> Statement {
        if let known = cache[table.rawValue][rows] { return known }
        let columns = table.columns
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ",") + ")"
        let sql = "INSERT INTO \(table.name) (\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ",")
        let statement = try db.makeStatement(sql: sql)
        cache[table.rawValue][rows] = statement
        return statement
    }

    /// Finalizes the statements (before the connection closes); they are prepared again when needed.
    func removeAll() {
        cache = Table.allCases.map { _ in [:] }
    }
}
