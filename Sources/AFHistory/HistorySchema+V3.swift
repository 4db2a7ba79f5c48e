import GRDB

extension HistorySchema {
    /// Version 3, an index every run appends to: `results(run_seq, test_id)` replaces
    /// `results(test_id, run_seq)`.
    ///
    /// A run adds one result per test, so an index led by `test_id` took one new entry in every test's
    /// range: each run dirtied every leaf page of that index, and the writer's CPU per result grew with
    /// the size of the history (13 → 19 µs per result from 10,000 to 74,000 results of the 2,000-test
    /// bench suite, docs/performance.md). Led by `run_seq`, a run's entries are appended at the end. One
    /// test's latest results (`afrun history test`) are found by walking the new index back from the
    /// latest run; every other query already selects runs first.
    static func migrateToV3(_ db: Database) throws {
        try db.execute(
            sql: """
                \(resultsIndexV3)
                DROP INDEX IF EXISTS results_test;
                """
        )
    }
}
