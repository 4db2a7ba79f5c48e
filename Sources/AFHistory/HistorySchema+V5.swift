import GRDB

extension HistorySchema {
    /// Version 5, no index on `results` at all: each run stores the range of result ids it wrote
    /// (`runs.first_result_id`, `runs.last_result_id`), and `results(run_seq, test_id)` goes.
    ///
    /// Every result gets the id `MAX(id) + 1` (SQLite's rowid) under the write lock, so all of a
    /// run's results have ids above the largest one when its row was inserted and at most the largest one when
    /// it ended: a run's results, or those of the latest N runs, are a range of the table's rowid, which SQLite
    /// reads without an index. Two processes recording into one file interleave their ids, so the range is a
    /// bound and every query keeps its `run_seq` condition too. The index cost ~1.5% of a 2,000-test run's
    /// instructions (docs/performance.md).
    ///
    /// The bounds are backfilled while the old index still finds each run's results. A run still `running` (its
    /// process may be an older afrun, which does not set them) keeps an open end, and one without results yet
    /// starts after the largest id, so whatever it records later is in its range.
    static func migrateToV5(_ db: Database) throws {
        try db.execute(
            sql: """
                \(runsColumnsV5.map { "ALTER TABLE runs ADD COLUMN \($0);" }.joined(separator: "\n"))
                UPDATE runs SET (first_result_id, last_result_id) = (SELECT MIN(id), MAX(id) FROM results WHERE run_seq = runs.seq);
                UPDATE runs SET first_result_id = COALESCE(first_result_id, (SELECT COALESCE(MAX(id), 0) + 1 FROM results)),
                    last_result_id = NULL
                    WHERE status = 'running';
                DROP INDEX IF EXISTS results_run_test;
                """
        )
    }
}
