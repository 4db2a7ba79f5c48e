/// Brings a PostgreSQL history's schema up to date (`PostgresSchema.migrations`), as GRDB's migrator does
/// for SQLite: each migration once, in order, recorded in `afrun_migrations`; a database a newer afrun
/// migrated further is refused, and so is one whose tables afrun did not create.
struct PostgresMigrator {
    let session: PostgresSession

    /// The tables a history creates: a database that has any of them without afrun's migrations is
    /// another program's.
    static let tableNames = ["runs", "suites", "tests", "results", "assertions", "tls", "metrics"]

    func migrate() throws(HistoryError) {
        let location = session.location.description
        // Usually every migration is applied: one read, no lock.
        if try applied() == PostgresSchema.versions { return }
        do {
            try session.transaction(operation: "migrate") { () throws(HistoryError) in
                // Runners that open a new database at once wait here for each other.
                try session.query(
                    "SELECT pg_advisory_xact_lock(?)",
                    [.integer(PostgresSchema.migrationLock)],
                    operation: "migrate"
                )
                try session.query(
                    "CREATE TABLE IF NOT EXISTS afrun_migrations (identifier TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
                    operation: "migrate"
                )
                let done = try applied()
                let unknown = Set(done).subtracting(PostgresSchema.versions)
                if !unknown.isEmpty { throw HistoryError.newerSchema(path: location, migrations: unknown.sorted()) }
                if done.isEmpty, try hasForeignTables() { throw HistoryError.notAHistory(path: location) }
                for (identifier, statements) in PostgresSchema.migrations where !done.contains(identifier) {
                    for statement in statements { try session.query(statement, operation: "migrate \(identifier)") }
                    try session.query(
                        "INSERT INTO afrun_migrations (identifier, applied_at) VALUES (?, now()::text)",
                        [.text(identifier)],
                        operation: "migrate"
                    )
                }
            }
        } catch {
            switch error {
            case .newerSchema, .notAHistory: throw error
            default: throw HistoryError.migrationFailed(path: location, reason: "\(error)")
            }
        }
    }

    /// The migrations applied, in order (none before the table exists).
    private func applied() throws(HistoryError) -> [String] {
        let exists = try session.query(
            "SELECT to_regclass('afrun_migrations') IS NOT NULL",
            operation: "read the schema version"
        )
        guard try exists.first.map({ row throws(HistoryError) in try PostgresValues(row).bool(0) }) == true else {
            return []
        }
        let rows = try session.query("SELECT identifier FROM afrun_migrations", operation: "read the schema version")
        let names = try rows.map { row throws(HistoryError) in try PostgresValues(row).string(0) ?? "" }
        // In the order of `PostgresSchema.migrations`, unknown ones last.
        return names.sorted { lhs, rhs in
            (PostgresSchema.versions.firstIndex(of: lhs) ?? .max, lhs) < (
                PostgresSchema.versions.firstIndex(of: rhs) ?? .max, rhs
            )
        }
    }

    private func hasForeignTables() throws(HistoryError) -> Bool {
        let list = Self.tableNames.map { "'\($0)'" }.joined(separator: ", ")
        let rows = try session.query(
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN (\(list))",
            operation: "read the schema"
        )
        return try (rows.first.map { row throws(HistoryError) in try PostgresValues(row).int(0) } ?? 0) ?? 0 > 0
    }
}
