import GRDB

extension ResultInserter {
    /// Reads the ids of every test of a suite into `suite.tests`, through the SQLite C API
    /// (`SQLiteBinder`).
    ///
    /// Each `afrun run` process reads its suites' tests once (2,000 rows for the benchmark suite):
    /// through GRDB's `Row` and its generic decoding that took ~1.5 µs a row, ~1.5 ms per run.
    func readTestIDs(of suite: SuiteIDs, in db: Database) throws {
        var query = SQLiteBinder(try db.cachedStatement(sql: "SELECT name, id FROM tests WHERE suite_id = ?"), in: db)
        query.bind(suite.id)
        // Gathered first, then made a dictionary of the right size at once: inserting row by row grew and
        // rehashed it a dozen times for a 2,000-test suite.
        var rows: [(String, Int64)] = []
        while try query.nextRow("read the tests of suite \(suite.id)") {
            rows.append((query.text(at: 0), query.int64(at: 1)))
        }
        suite.tests = Dictionary(rows, uniquingKeysWith: { _, last in last })
    }
}
