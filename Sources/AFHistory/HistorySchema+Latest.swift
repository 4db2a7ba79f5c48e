import GRDB

extension HistorySchema {
    /// Creates every table, index and view of the latest version at once and records every migration as
    /// applied, in a file that has no table yet (`true`); leaves any other file to the migrator (`false`).
    ///
    /// A new history went through version 1 and then the migrations: version 2's fifteen `ALTER TABLE`s
    /// rewrite and reparse the schema each time, which made a first run into a new file (a CI job without a
    /// cached history) ~21 M instructions longer than creating the tables in their final shape (~4 M).
    /// The result is the schema the migrations build (a test compares the two column by column).
    static func createLatestIfEmpty(_ db: Database) throws -> Bool {
        try HistoryStore.immediateTransaction(db) { db in
            let tables = SQLiteBinder(try db.makeStatement(sql: "SELECT COUNT(*) FROM sqlite_master"), in: db)
            guard try tables.singleInt64("look for tables") == 0 else { return false }
            try createLatest(db)
            return true
        }
    }

    /// The latest version's tables, indexes and view, and the migrations' table saying all were applied.
    private static func createLatest(_ db: Database) throws {
        let applied = versions.map { "('\($0)')" }.joined(separator: ", ")
        try db.execute(sql: """
            CREATE TABLE runs (
            \(runsColumnsV1),
            \(runsColumnV2),
            \(runsColumnsV5.joined(separator: ",\n"))
            );
            \(runsIndexes)
            CREATE TABLE suites (
            \(suitesColumns)
            );
            CREATE TABLE tests (
            \(testsColumns)
            );
            \(testsIndexes)
            CREATE TABLE results (
            \(resultsColumnsV1),
            \(resultsColumnsV2.joined(separator: ",\n"))
            );
            CREATE TABLE assertions (
            \(assertionsColumns)
            );
            \(assertionsIndexes)
            CREATE TABLE tls (
            \(tlsColumns)
            );
            \(metricsViewSQL)
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations (identifier) VALUES \(applied);
            """)
    }
}
