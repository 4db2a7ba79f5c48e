import GRDB
import GRDBSQLite

extension ResultInserter {
    /// Reads the ids of every test of a suite into `suite.tests`, straight through the SQLite C API.
    ///
    /// Each `afrun run` process reads its suites' tests once (2,000 rows for the benchmark suite): through
    /// GRDB's `Row` and its generic decoding that took ~1.5 µs a row, several milliseconds per run.
    func readTestIDs(of suite: SuiteIDs, in db: Database) throws {
        let statement = try db.cachedStatement(sql: "SELECT name, id FROM tests WHERE suite_id = ?")
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        sqlite3_bind_int64(handle, 1, suite.id)
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw HistoryError.database(
                    operation: "read the tests of suite \(suite.id)",
                    reason: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            let count = Int(sqlite3_column_bytes(handle, 0))
            let name: String
            if let text = sqlite3_column_text(handle, 0) {
                name = String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
            } else {
                name = ""
            }
            suite.tests[name] = sqlite3_column_int64(handle, 1)
        }
    }
}
