import GRDB

extension HistorySchema {
    /// The column version 8 adds to `runs`: the pipeline a run belongs to (`--run-group`, by default the CI's
    /// pipeline id), shared by the shards of one pipeline; NULL for a run outside one.
    static let runsColumnV8 = "run_group TEXT"

    /// Version 8, runs grouped by pipeline: `runs.run_group` and its index.
    static func migrateToV8(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE runs ADD COLUMN \(runsColumnV8);
                CREATE INDEX IF NOT EXISTS runs_group ON runs(run_group);
                """
        )
    }
}
