import GRDB

extension HistorySchema {
    /// The statuses a run may have since version 6.
    static let runStatusesV6 = "'running', 'complete', 'interrupted', 'incomplete'"

    /// Version 6, a run status for a history that could not store all of a run's results: `incomplete`
    /// (`RunStatus.incomplete`).
    ///
    /// SQLite cannot change a CHECK constraint in place: `runs` is rebuilt with the same columns, in the same
    /// order, and its indexes; its AUTOINCREMENT counter carries over, so no `seq` is ever given twice.
    static func migrateToV6(_ db: Database) throws {
        let counter = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'runs'")
        try db.execute(
            sql: """
                CREATE TABLE runs_v6 (
                \(runsColumns(statuses: runStatusesV6)),
                \(runsColumnV2),
                \(runsColumnsV5.joined(separator: ",\n"))
                );
                INSERT INTO runs_v6 SELECT * FROM runs;
                DROP TABLE runs;
                ALTER TABLE runs_v6 RENAME TO runs;
                \(runsIndexes)
                """
        )
        if let counter {
            try db.execute(
                sql: "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = 'runs'",
                arguments: [counter]
            )
            if db.changesCount == 0 {
                try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('runs', ?)", arguments: [counter])
            }
        }
    }
}
