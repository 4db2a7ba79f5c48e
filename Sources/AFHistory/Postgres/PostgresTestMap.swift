import GRDB

/// The suites and tests of a SQLite history made known to a PostgreSQL one before its runs are pushed:
/// each source test id mapped to the server's id for the same suite file and test name.
///
/// Upserted outside the runs' transactions, in one order (suite file, then test name), so that runners
/// pushing the same tests at once wait for each other instead of deadlocking.
struct PostgresTestMap {
    let session: PostgresSession

    /// A test of the source history.
    struct Test: FetchableRecord {
        var id: Int64
        var suiteFile: String
        var suiteName: String
        var name: String
        var tags: String?

        init(row: Row) {
            id = row["id"]
            suiteFile = row["file"]
            suiteName = row["suite_name"]
            name = row["name"]
            tags = row["tags"]
        }

        static func fetchAll(_ db: Database) throws -> [Test] {
            try fetchAll(
                db,
                sql:
                    "SELECT t.id, s.file, s.name AS suite_name, t.name, t.tags FROM tests t JOIN suites s ON s.id = t.suite_id"
            )
        }
    }

    /// Adds the suites and tests the server lacks and returns the map.
    /// - Parameter tagsFollowSource: the source's tags replace the server's (the spool holds the latest
    ///   run); else they only fill tests that have none (`merge` of an older file, as SQLite's merge does).
    func upsert(_ tests: [Test], tagsFollowSource: Bool) throws(HistoryError) -> [Int64: Int64] {
        guard !tests.isEmpty else { return [:] }
        var suites: [String: String] = [:]
        for test in tests { suites[test.suiteFile] = test.suiteName }
        for chunk in chunks(suites.sorted { $0.key < $1.key }) {
            try session.query(
                "INSERT INTO suites (file, name) VALUES \(tuples(chunk.count, 2))"
                    + " ON CONFLICT (file) DO UPDATE SET name = excluded.name WHERE suites.name <> excluded.name",
                chunk.flatMap { [SQLArgument.text($0.key), .text($0.value)] },
                operation: "push suites"
            )
        }
        var suiteIDs: [String: Int64] = [:]
        for row in try session.query(
            "SELECT id, file FROM suites WHERE file = ANY(?)",
            [.texts(Array(suites.keys))],
            operation: "push suites"
        ) {
            let values = PostgresValues(row)
            if let id = try values.int(0), let file = try values.string(1) { suiteIDs[file] = id }
        }
        let tagRule =
            tagsFollowSource
            ? "tags = excluded.tags WHERE tests.tags IS DISTINCT FROM excluded.tags"
            : "tags = excluded.tags WHERE tests.tags IS NULL AND excluded.tags IS NOT NULL"
        let rows = try tests.map { test throws(HistoryError) -> (suite: Int64, test: Test) in
            guard let suite = suiteIDs[test.suiteFile] else {
                throw HistoryError.database(operation: "push", reason: "suite '\(test.suiteFile)' was not stored")
            }
            return (suite, test)
        }
        .sorted { ($0.suite, $0.test.name) < ($1.suite, $1.test.name) }
        for chunk in chunks(rows) {
            try session.query(
                "INSERT INTO tests (suite_id, name, tags) VALUES \(tuples(chunk.count, 3))"
                    + " ON CONFLICT (suite_id, name) DO UPDATE SET \(tagRule)",
                chunk.flatMap { row -> [SQLArgument] in
                    [.integer(row.suite), .text(row.test.name), row.test.tags.map(SQLArgument.text) ?? .null]
                },
                operation: "push tests"
            )
        }
        var serverIDs: [Int64: [String: Int64]] = [:]
        let suiteList = Set(rows.map(\.suite)).map(String.init).joined(separator: ",")
        for row in try session.query(
            "SELECT id, suite_id, name FROM tests WHERE suite_id IN (\(suiteList))",
            operation: "push tests"
        ) {
            let values = PostgresValues(row)
            if let id = try values.int(0), let suite = try values.int(1), let name = try values.string(2) {
                serverIDs[suite, default: [:]][name] = id
            }
        }
        var map: [Int64: Int64] = [:]
        for row in rows {
            if let id = serverIDs[row.suite]?[row.test.name] { map[row.test.id] = id }
        }
        return map
    }

    private func chunks<T>(_ items: [T]) -> [ArraySlice<T>] {
        stride(from: 0, to: items.count, by: PostgresPush.rowsPerStatement).map {
            items[$0..<min(items.count, $0 + PostgresPush.rowsPerStatement)]
        }
    }

    private func tuples(_ count: Int, _ width: Int) -> String {
        let tuple = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        return Array(repeating: tuple, count: count).joined(separator: ", ")
    }
}
