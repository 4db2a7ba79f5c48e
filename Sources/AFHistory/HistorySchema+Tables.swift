import GRDB

extension HistorySchema {
    // The tables' columns as version 1 created them (later versions add columns after these, in order).

    /// `runs` in version 1.
    static let runsColumnsV1 = runsColumns(statuses: "'running', 'complete', 'interrupted'")

    /// `runs` as version 1 created it, with the statuses its CHECK allows.
    static func runsColumns(statuses: String) -> String {
        """
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL CHECK (status IN (\(statuses))),
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
        """
    }

    /// `suites` (unchanged since version 1).
    static let suitesColumns = """
        id INTEGER PRIMARY KEY,
        file TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL
        """

    /// `tests` (unchanged since version 1).
    static let testsColumns = """
        id INTEGER PRIMARY KEY,
        suite_id INTEGER NOT NULL REFERENCES suites(id),
        name TEXT NOT NULL,
        UNIQUE (suite_id, name)
        """

    /// `results` in version 1.
    static let resultsColumnsV1 = """
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
        """

    /// Version 1's `metrics` table (a view since version 2).
    static let metricsColumnsV1 = """
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
        """

    /// The columns of `results` (every version since 2), in table order.
    static let resultsColumnNames =
        [
            "id", "run_seq", "test_id", "line", "status", "attempts", "started_at", "duration_ms", "failure_messages",
            "error_kind", "curl_code", "skip_reason", "method", "url", "request_headers", "response_status",
            "http_version", "response_headers", "body_excerpt", "body_bytes", "remote_ip", "remote_port", "captures",
        ] + timingColumns + ["assertion_count"]

    /// The columns of `assertions` after its `id`, in table order.
    static let assertionsColumnNames = [
        "result_id", "position", "kind", "target", "predicate", "expected", "actual", "passed", "message",
    ]

    /// The columns of `tls`, in table order.
    static let tlsColumnNames = [
        "result_id", "protocol_version", "cipher", "chain_pins", "leaf_subject", "leaf_not_after", "trusted",
        "rejection_reason",
    ]

    /// `assertions` (unchanged since version 1).
    static let assertionsColumns = """
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
        """

    /// `tls` (unchanged since version 1).
    static let tlsColumns = """
        result_id INTEGER PRIMARY KEY REFERENCES results(id) ON DELETE CASCADE,
        protocol_version TEXT,
        cipher TEXT,
        chain_pins TEXT NOT NULL,
        leaf_subject TEXT,
        leaf_not_after TEXT,
        trusted INTEGER NOT NULL,
        rejection_reason TEXT
        """

    // What later versions add, shared by their migrations and by `createLatest`.

    /// The columns version 2 adds to `results`, in order: the timing phases, then `assertion_count`.
    static var resultsColumnsV2: [String] {
        timingColumns.map { "\($0) \($0.hasSuffix("_ms") ? "REAL" : "INTEGER")" } + ["assertion_count INTEGER"]
    }

    /// The column version 2 adds to `runs`.
    static let runsColumnV2 = "history_detail TEXT NOT NULL DEFAULT 'all' CHECK (history_detail IN ('failures', 'all'))"

    /// The indexes of `runs` (every version).
    static let runsIndexes = """
        CREATE INDEX IF NOT EXISTS runs_started ON runs(started_at);
        CREATE INDEX IF NOT EXISTS runs_status ON runs(status);
        """

    /// The index of `tests` (every version).
    static let testsIndexes = "CREATE INDEX IF NOT EXISTS tests_name ON tests(name);"

    /// The index of `assertions` (every version).
    static let assertionsIndexes = "CREATE INDEX IF NOT EXISTS assertions_result ON assertions(result_id);"

    /// The index version 3 gives `results` (the only one in version 4; none since version 5).
    static let resultsIndexV3 = "CREATE INDEX IF NOT EXISTS results_run_test ON results(run_seq, test_id);"

    /// The columns version 5 adds to `runs`, in order: the range of result ids the run wrote (a bound: other
    /// runs' results may lie in it too), both NULL for a run without results, `last_result_id` NULL while the
    /// run records.
    static let runsColumnsV5 = ["first_result_id INTEGER", "last_result_id INTEGER"]
}
