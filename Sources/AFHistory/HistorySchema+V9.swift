import GRDB

extension HistorySchema {
    /// The column version 9 adds to `runs`: how many results the run meant to record when it started (the
    /// tests its selection kept, with their suites' setup and teardown tests), so that a run cut short shows
    /// how much of it is missing; NULL for a run recorded before.
    static let runsColumnV9 = "planned_tests INTEGER"

    /// Version 9, the planned size of a run: `runs.planned_tests`.
    static func migrateToV9(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE runs ADD COLUMN \(runsColumnV9)")
    }
}
