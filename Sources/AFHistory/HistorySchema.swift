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
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS runs (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                started_at TEXT NOT NULL,
                finished_at TEXT,
                status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'interrupted')),
                command_line TEXT NOT NULL,
                host TEXT NOT NULL,
                pid INTEGER NOT NULL,
                pid_host TEXT NOT NULL,
                afrun_version TEXT NOT NULL,
                libcurl_version TEXT NOT NULL,
                openssl_version TEXT NOT NULL,
                git_commit TEXT,
                git_branch TEXT,
                shard TEXT,
                passed INTEGER NOT NULL DEFAULT 0,
                failed INTEGER NOT NULL DEFAULT 0,
                errors INTEGER NOT NULL DEFAULT 0,
                skipped INTEGER NOT NULL DEFAULT 0,
                duration_ms REAL,
                p50_ms REAL,
                p95_ms REAL
            );
            CREATE INDEX IF NOT EXISTS runs_started ON runs(started_at);
            CREATE INDEX IF NOT EXISTS runs_status ON runs(status);

            CREATE TABLE IF NOT EXISTS suites (
                id INTEGER PRIMARY KEY,
                file TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL
            );

            CREATE TABLE IF NOT EXISTS tests (
                id INTEGER PRIMARY KEY,
                suite_id INTEGER NOT NULL REFERENCES suites(id),
                name TEXT NOT NULL,
                UNIQUE (suite_id, name)
            );
            CREATE INDEX IF NOT EXISTS tests_name ON tests(name);

            CREATE TABLE IF NOT EXISTS results (
                id INTEGER PRIMARY KEY,
                run_seq INTEGER NOT NULL REFERENCES runs(seq) ON DELETE CASCADE,
                test_id INTEGER NOT NULL REFERENCES tests(id),
                line INTEGER NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('passed', 'failed', 'error', 'skipped')),
                attempts INTEGER NOT NULL,
                started_at TEXT NOT NULL,
                duration_ms REAL NOT NULL,
                failure_messages TEXT,
                error_kind TEXT,
                curl_code INTEGER,
                skip_reason TEXT,
                method TEXT,
                url TEXT,
                request_headers TEXT,
                response_status INTEGER,
                http_version TEXT,
                response_headers TEXT,
                body_excerpt TEXT,
                body_bytes INTEGER,
                remote_ip TEXT,
                remote_port INTEGER,
                captures TEXT
            );
            CREATE INDEX IF NOT EXISTS results_run ON results(run_seq, status);
            CREATE INDEX IF NOT EXISTS results_test ON results(test_id, run_seq);

            CREATE TABLE IF NOT EXISTS metrics (
                result_id INTEGER PRIMARY KEY REFERENCES results(id) ON DELETE CASCADE,
                dns_ms REAL NOT NULL,
                connect_ms REAL NOT NULL,
                tls_ms REAL NOT NULL,
                wait_ms REAL NOT NULL,
                ttfb_ms REAL NOT NULL,
                download_ms REAL NOT NULL,
                total_ms REAL NOT NULL,
                redirect_ms REAL NOT NULL,
                queue_ms REAL,
                redirect_count INTEGER NOT NULL,
                connection_reused INTEGER NOT NULL,
                request_bytes INTEGER NOT NULL,
                response_bytes INTEGER NOT NULL
            );

            CREATE TABLE IF NOT EXISTS assertions (
                id INTEGER PRIMARY KEY,
                result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                kind TEXT NOT NULL,
                target TEXT,
                predicate TEXT NOT NULL,
                expected TEXT NOT NULL,
                actual TEXT,
                passed INTEGER NOT NULL,
                message TEXT NOT NULL
            );
            CREATE INDEX IF NOT EXISTS assertions_result ON assertions(result_id);

            CREATE TABLE IF NOT EXISTS tls (
                result_id INTEGER PRIMARY KEY REFERENCES results(id) ON DELETE CASCADE,
                protocol_version TEXT,
                cipher TEXT,
                chain_pins TEXT NOT NULL,
                leaf_subject TEXT,
                leaf_not_after TEXT,
                trusted INTEGER NOT NULL,
                rejection_reason TEXT
            );
            """)
    }
}
