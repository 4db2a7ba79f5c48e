import GRDB

/// The history's tables and their migrations. Documented column by column in docs/history.md:
/// keep both in step.
enum HistorySchema {
    /// The migrator; each migration runs once per database, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createV1(db)
        }
        migrator.registerMigration("v2") { db in
            try migrateToV2(db)
        }
        // v3 only swaps an index: no whole-database foreign-key check at the end (GRDB's default).
        migrator.registerMigration("v3", foreignKeyChecks: .immediate) { db in
            try migrateToV3(db)
        }
        // v4 only drops an index.
        migrator.registerMigration("v4", foreignKeyChecks: .immediate) { db in
            try migrateToV4(db)
        }
        // v5 adds two columns no foreign key refers to, fills them and drops an index.
        migrator.registerMigration("v5", foreignKeyChecks: .immediate) { db in
            try migrateToV5(db)
        }
        // v6 rebuilds `runs`, which `results` refers to: foreign keys are off while it runs, and checked at
        // its end (GRDB's default).
        migrator.registerMigration("v6") { db in
            try migrateToV6(db)
        }
        // v7 adds a column no foreign key refers to.
        migrator.registerMigration("v7", foreignKeyChecks: .immediate) { db in
            try migrateToV7(db)
        }
        // v8 adds a column no foreign key refers to, and its index.
        migrator.registerMigration("v8", foreignKeyChecks: .immediate) { db in
            try migrateToV8(db)
        }
        // v9 adds a column no foreign key refers to.
        migrator.registerMigration("v9", foreignKeyChecks: .immediate) { db in
            try migrateToV9(db)
        }
        return migrator
    }

    /// Creates a database at `path` with the migrations up to `version` only (tests of a later migration
    /// start from it).
    static func createDatabase(path: String, upTo version: String) throws {
        let queue = try DatabaseQueue(path: path)
        try migrator.migrate(queue, upTo: version)
        try queue.close()
    }

    /// The identifiers of the migrations, oldest first (`merge` reads another file's list against it).
    static let versions = migrator.migrations

    /// The timing columns of `results` (version 2), in the order of the `metrics` view; before version 2
    /// they were the columns of the `metrics` table.
    static let timingColumns = [
        "dns_ms", "connect_ms", "tls_ms", "wait_ms", "ttfb_ms", "download_ms", "total_ms", "redirect_ms", "queue_ms",
        "redirect_count", "connection_reused", "request_bytes", "response_bytes",
    ]

    /// Version 1. `IF NOT EXISTS` everywhere: two processes may open a new file at once, and the
    /// loser of the race must find the tables rather than fail.
    static func createV1(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS runs (
                \(runsColumnsV1)
                );
                \(runsIndexes)
                CREATE TABLE IF NOT EXISTS suites (
                \(suitesColumns)
                );
                CREATE TABLE IF NOT EXISTS tests (
                \(testsColumns)
                );
                \(testsIndexes)
                CREATE TABLE IF NOT EXISTS results (
                \(resultsColumnsV1)
                );
                CREATE INDEX IF NOT EXISTS results_run ON results(run_seq, status);
                CREATE INDEX IF NOT EXISTS results_test ON results(test_id, run_seq);
                CREATE TABLE IF NOT EXISTS metrics (
                \(metricsColumnsV1)
                );
                CREATE TABLE IF NOT EXISTS assertions (
                \(assertionsColumns)
                );
                \(assertionsIndexes)
                CREATE TABLE IF NOT EXISTS tls (
                \(tlsColumns)
                );
                """
        )
    }
}
