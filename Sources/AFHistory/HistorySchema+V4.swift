import GRDB

extension HistorySchema {
    /// Version 4, one index fewer to write: `results(run_seq, status)` goes.
    ///
    /// Every query that selects results by run (`show`, `compare`, `flaky`, `trends`, `slowest`, the
    /// interrupted-runs totals) reads the result rows themselves for the test, the status and the timings, and
    /// `results(run_seq, test_id)` finds them as well: on a history of one million results the queries answer in
    /// the same time without it (docs/performance.md, History). Each recorded result wrote an entry into it: a
    /// tenth of the writer's CPU.
    static func migrateToV4(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX IF EXISTS results_run")
    }
}
