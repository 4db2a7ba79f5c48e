import AFRunner

/// The history's queries, written once: `HistoryStore` (SQLite) and `PostgresHistory` run the same text, so
/// `runs`, `show`, `test`, `flaky`, `slowest`, `trends` and `compare` cannot drift apart. Placeholders are
/// `?` (`PostgresSession` numbers them); the few places where the dialects differ take a `Dialect`.
///
/// Results are found by `r.id BETWEEN ? AND ? AND r.run_seq …`: SQLite reads that range of the rowid
/// (`results` has no index since schema v5; `HistoryStore.ResultIDRange`), PostgreSQL gets the range open at
/// both ends (`ResultIDRange.all`) and finds the rows through its index `results(run_seq, test_id)`.
enum HistorySQL {
    enum Dialect {
        case sqlite
        case postgres
    }

    // MARK: Tests and the window

    /// Every test with its suite: `id, name, file, suite_name`.
    static let identities =
        "SELECT t.id, t.name, s.file, s.name AS suite_name FROM tests t JOIN suites s ON s.id = t.suite_id"

    /// The sequence of the run `?` places before the latest (the first run of a window of `? + 1` runs).
    static let windowStart = "SELECT seq FROM runs ORDER BY seq DESC LIMIT 1 OFFSET ?"
    /// `windowStart` among the runs outside the run group `?` (the first `?`): the window `--shard` reads, the
    /// same for the first attempt of a pipeline and for its re-run, which finds the first attempt's runs in
    /// the history it restores.
    static let windowStartOutsideGroup =
        "SELECT seq FROM runs WHERE run_group IS NULL OR run_group <> ? ORDER BY seq DESC LIMIT 1 OFFSET ?"

    /// The tests a name matches, `t.name = ?` alone or with `AND (s.name = ? OR s.file = ?)` appended.
    /// Every stored test as `suite_name, test_name` (for what a name not found may have meant).
    static let testNames = "SELECT s.name, t.name FROM tests t JOIN suites s ON s.id = t.suite_id"
    static let testsNamed = "SELECT t.id FROM tests t JOIN suites s ON s.id = t.suite_id WHERE t.name = ?"

    // MARK: Runs and results

    static let runColumns = """
        seq, id, started_at, finished_at, status, command_line, host, afrun_version, libcurl_version,
        openssl_version, git_commit, git_branch, shard, passed, failed, errors, skipped, duration_ms, p50_ms, p95_ms,
        history_detail, run_group, planned_tests
        """

    /// Runs by start time, newest first: a run merged from another file (`merge`) takes its place by when it
    /// ran, not by when it was copied (its `seq`).
    static let newestFirst = "started_at DESC, seq DESC"

    /// The latest `?` runs, newest first.
    static let latestRuns = "SELECT \(runColumns) FROM runs ORDER BY \(newestFirst) LIMIT ?"
    /// The run `?` places before the latest.
    static let runAtOffset = "SELECT \(runColumns) FROM runs ORDER BY \(newestFirst) LIMIT 1 OFFSET ?"
    /// The run of an id.
    static let runWithID = "SELECT \(runColumns) FROM runs WHERE id = ?"
    /// Up to 10 runs whose id starts with a `LIKE` pattern (escaped with `\`).
    static let runsWithIDLike = "SELECT \(runColumns) FROM runs WHERE id LIKE ? ESCAPE '\\' ORDER BY seq DESC LIMIT 10"

    static let resultColumns = """
        r.run_seq, runs.id AS run_id, s.file, s.name AS suite_name, t.name AS test_name, r.line, r.status,
        r.attempts, r.started_at, r.duration_ms, r.failure_messages, r.error_kind, r.skip_reason, r.curl_code, r.response_status,
        r.http_version, r.remote_ip, r.body_bytes, r.assertion_count, runs.history_detail,
        """ + HistorySchema.timingColumns.map { "r.\($0)" }.joined(separator: ", ")
    static let resultJoins = """
        FROM results r JOIN runs ON runs.seq = r.run_seq JOIN tests t ON t.id = r.test_id
        JOIN suites s ON s.id = t.suite_id
        """

    /// One run's results in the order they were recorded: ids lower, upper, the run's sequence.
    static let runResults =
        "SELECT \(resultColumns) \(resultJoins) WHERE r.id BETWEEN ? AND ? AND r.run_seq = ? ORDER BY r.id"

    /// Some tests' latest results, newest first: ids lower, upper, the window's start, the limit.
    static func testResults(tests: [Int64]) -> String {
        """
        SELECT \(resultColumns) \(resultJoins)
        WHERE r.id BETWEEN ? AND ? AND r.run_seq >= ? AND r.test_id IN (\(tests.map(String.init).joined(separator: ",")))
        ORDER BY r.run_seq DESC, r.id DESC LIMIT ?
        """
    }

    // MARK: Analytics

    /// Each test's latest outcome, skips excluded: `test_id, status`. A skip because the run was interrupted
    /// counts, as `error`: the test never got its verdict, and the outcome before it (often a pass) would
    /// keep `--rerun-failed` from running it again. SQLite returns the bare column from the row holding
    /// `MAX()`; PostgreSQL has no such column, and takes each test's latest row by `DISTINCT ON`.
    static func lastStatuses(_ dialect: Dialect) -> String {
        let status = "CASE WHEN status = 'skipped' THEN 'error' ELSE status END AS status"
        let counted = "(status != 'skipped' OR skip_reason IN \(interruptedReasons))"
        return switch dialect {
        case .sqlite:
            "SELECT test_id, \(status), MAX(run_seq) FROM results WHERE \(counted) GROUP BY test_id"
        case .postgres:
            """
            SELECT DISTINCT ON (test_id) test_id, \(status) FROM results WHERE \(counted)
            ORDER BY test_id, run_seq DESC, id DESC
            """
        }
    }

    /// The skip reasons of a test an interruption stopped before it ended (`SkipReason`), as an SQL list.
    static let interruptedReasons = "('\(SkipReason.interrupted)', '\(SkipReason.cancelledInFlight)')"

    /// The first run of the run group `?`, NULL when the history holds none of its runs.
    static let firstRunOfGroup = "SELECT MIN(seq) FROM runs WHERE run_group = ?"

    /// Each test's latest outcome in the runs of one run group, as `lastStatuses` reads it, and `skipped` for a
    /// test those runs only skipped: `test_id, status`; ids lower, upper, the group. A test with no row here
    /// got no verdict in that pipeline (its job ended before it ran, or `--fail-fast` stopped the run before
    /// it: those skips are left out), which `--rerun-failed` must not take for a pass. Counted rows win over
    /// skips, the latest first.
    static func lastStatusesInGroup(_ dialect: Dialect) -> String {
        let counted = "(status != 'skipped' OR skip_reason IN \(interruptedReasons))"
        let status = """
            CASE WHEN status != 'skipped' THEN status WHEN skip_reason IN \(interruptedReasons) THEN 'error'
            ELSE 'skipped' END AS status
            """
        let inGroup = """
            id BETWEEN ? AND ? AND run_seq IN (SELECT seq FROM runs WHERE run_group = ?)
            AND (status != 'skipped' OR COALESCE(skip_reason, '') != '\(SkipReason.failFast)')
            """
        return switch dialect {
        case .sqlite:
            """
            SELECT test_id, \(status), MAX(CASE WHEN \(counted) THEN run_seq ELSE -1 END) FROM results
            WHERE \(inGroup) GROUP BY test_id
            """
        case .postgres:
            """
            SELECT DISTINCT ON (test_id) test_id, \(status) FROM results WHERE \(inGroup)
            ORDER BY test_id, CASE WHEN \(counted) THEN 0 ELSE 1 END, run_seq DESC, id DESC
            """
        }
    }

    /// The window's durations, skips excluded: `test_id, duration_ms`; ids lower, upper, the window's start.
    static let durations =
        "SELECT test_id, duration_ms FROM results WHERE id BETWEEN ? AND ? AND run_seq >= ? AND status != 'skipped'"
    /// `durations` without the results of the runs of the run group `?` (the last argument).
    static let durationsOutsideGroup =
        durations + " AND run_seq NOT IN (SELECT seq FROM runs WHERE run_group = ?)"

    /// The window's outcomes for `flaky`, skips excluded: `test_id, status, attempts, run_seq`; ids lower,
    /// upper, the window's start. `inRunOrder` sorts them by run (all of them, or those of `tests`); without
    /// it they come as stored, and the caller re-reads the tests whose results came out of run order.
    static func flakyResults(inRunOrder: Bool, tests: [Int64]? = nil) -> String {
        var sql =
            "SELECT test_id, status, attempts, run_seq FROM results WHERE id BETWEEN ? AND ? AND run_seq >= ? AND status != 'skipped'"
        if let tests { sql += " AND test_id IN (\(tests.map(String.init).joined(separator: ",")))" }
        return inRunOrder ? sql + " ORDER BY run_seq, id" : sql
    }

    /// The window's values of a phase: `test_id, value`; ids lower, upper, the window's start. The timing
    /// columns are set together, for the results that had a transfer.
    static func phaseValues(_ phase: TimingPhase) -> String {
        "SELECT test_id, \(phase.column) FROM results WHERE id BETWEEN ? AND ? AND run_seq >= ? AND \(phase.column) IS NOT NULL"
    }

    /// The runs of the window (`seq >= ?`), oldest first.
    static let trendRuns = "SELECT seq, id, started_at FROM runs WHERE seq >= ? ORDER BY seq"

    /// The window's results for `trends`: run, test, passed, the phase's value (`total` falls back to the
    /// result's duration when no transfer happened); ids lower, upper, the window's start.
    static func trendResults(_ phase: TimingPhase) -> String {
        let fallback = phase == .total ? "r.duration_ms" : "NULL"
        return """
            SELECT r.run_seq, r.test_id, r.status = 'passed', COALESCE(r.\(phase.column), \(fallback))
            FROM results r
            WHERE r.id BETWEEN ? AND ? AND r.run_seq >= ? AND r.status != 'skipped'
            """
    }

    /// One run's outcomes for `compare`: `test_id, status, duration_ms, failure_messages`; ids lower, upper,
    /// the run's sequence.
    static let outcomes =
        "SELECT test_id, status, duration_ms, failure_messages FROM results WHERE id BETWEEN ? AND ? AND run_seq = ? ORDER BY id"
}
