import AFRunner
import GRDB
import GRDBSQLite

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

    /// Adds the tests of `results` the history does not have yet, for each suite in one statement (`addTests`):
    /// a first run into a new history file adds every test, and one statement per test cost ~40% of that run's
    /// recording.
    func addNewTests(of results: UnsafeBufferPointer<TestResult>, in db: Database) throws {
        var suite: SuiteIDs?
        var names: [String] = []
        for index in results.indices {
            let ids = try suiteIDs(results[index].identity, in: db)
            if ids !== suite {
                try addTests(names, to: suite, in: db)
                names.removeAll(keepingCapacity: true)
                suite = ids
            }
            let name = results[index].identity.testName
            if ids.tests[name] == nil, !names.contains(name) { names.append(name) }
        }
        try addTests(names, to: suite, in: db)
    }

    /// Inserts `names` into `suite` and remembers their ids: with ids of its own, in one plain multi-row INSERT;
    /// when that conflicts (a name the suite has after all), in an upsert that takes the rows already there.
    ///
    /// The writer holds the write lock and reads the suite's tests again whenever another process wrote
    /// (`data_version`), so the plain INSERT does not conflict in practice; it costs a quarter less than the
    /// upsert and its `RETURNING` (~15,000 instructions per new test against ~20,000).
    func addTests(_ names: [String], to suite: SuiteIDs?, in db: Database) throws {
        guard let suite, !names.isEmpty else { return }
        if try insertTests(names, to: suite, in: db) { return }
        let rows = Array(repeating: "(?, ?)", count: names.count).joined(separator: ", ")
        var query = SQLiteBinder(try db.cachedStatement(sql: """
            INSERT INTO tests (suite_id, name) VALUES \(rows)
            ON CONFLICT(suite_id, name) DO UPDATE SET name = excluded.name RETURNING name, id
            """), in: db)
        for name in names {
            query.bind(suite.id)
            query.bind(name)
        }
        while try query.nextRow("add \(names.count) tests of suite \(suite.id)") {
            suite.tests[query.text(at: 0)] = query.int64(at: 1)
        }
    }

    /// Inserts `names` into `suite` with the ids after the largest one; false when a row conflicts (nothing
    /// is inserted then).
    private func insertTests(_ names: [String], to suite: SuiteIDs, in db: Database) throws -> Bool {
        let last = try SQLiteBinder(try db.cachedStatement(sql: "SELECT MAX(id) FROM tests"), in: db)
            .singleInt64("find the last test id") ?? 0
        let rows = Array(repeating: "(?, ?, ?)", count: names.count).joined(separator: ", ")
        var insert = SQLiteBinder(try db.cachedStatement(sql: "INSERT INTO tests (id, suite_id, name) VALUES \(rows)"), in: db)
        for (offset, name) in names.enumerated() {
            insert.bind(last + 1 + Int64(offset))
            insert.bind(suite.id)
            insert.bind(name)
        }
        do {
            try insert.step("add \(names.count) tests of suite \(suite.id)")
        } catch {
            guard sqlite3_extended_errcode(db.sqliteConnection) & 0xff == SQLITE_CONSTRAINT else { throw error }
            return false
        }
        for (offset, name) in names.enumerated() { suite.tests[name] = last + 1 + Int64(offset) }
        return true
    }
}
