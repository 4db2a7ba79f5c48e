import GRDB

extension HistorySchema {
    /// Version 2, a leaner row: the timing phases move from the `metrics` table into columns of `results`
    /// (a `metrics` view keeps the old table's shape for queries written against it), every result gets
    /// `assertion_count`, and every run records its detail level (`runs.history_detail`: `failures` keeps
    /// headers, body excerpts and assertion rows only for results that did not pass; `all` keeps them for
    /// every result; runs of version 1 kept everything).
    ///
    /// Recording five rows, three index entries and ~1.1 kB per result cost more writer CPU than a run can
    /// spare (docs/performance.md, History → Recording); a passing result now costs one row. Unlike version
    /// 1, this migration cannot be written to run twice (`ALTER TABLE` has no `IF NOT EXISTS`): two processes
    /// opening one file at once are serialized by the migrator's write transaction, and the loser finds the
    /// migration done (`HistoryStore.openPool`).
    static func migrateToV2(_ db: Database) throws {
        var sql = ""
        for column in resultsColumnsV2 { sql += "ALTER TABLE results ADD COLUMN \(column);\n" }
        let list = timingColumns.joined(separator: ", ")
        sql += """
            ALTER TABLE runs ADD COLUMN \(runsColumnV2);
            UPDATE results SET (\(list)) = (SELECT \(list) FROM metrics m WHERE m.result_id = results.id)
                WHERE id IN (SELECT result_id FROM metrics);
            UPDATE results SET assertion_count = (SELECT COUNT(*) FROM assertions a WHERE a.result_id = results.id);
            DROP TABLE metrics;

            """
        sql += metricsViewSQL
        try db.execute(sql: sql)
    }

    /// The `metrics` view: version 1's table, one row per result that had a transfer (`total_ms` is set for
    /// exactly those), read from the columns of `results`.
    static var metricsViewSQL: String {
        "CREATE VIEW metrics AS SELECT id AS result_id, \(timingColumns.joined(separator: ", ")) FROM results WHERE total_ms IS NOT NULL;\n"
    }
}
