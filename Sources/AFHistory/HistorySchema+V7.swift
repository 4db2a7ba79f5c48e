import GRDB

extension HistorySchema {
    /// Version 7, each test's tags: `tests.tags`, the tags of the test's latest recorded result as a JSON array
    /// of strings (`["smoke","slow"]`), NULL for a test without tags.
    static func migrateToV7(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE tests ADD COLUMN tags TEXT")
    }
}
