@testable import AFHistory
import AFRunner
import Foundation
import GRDB
import Testing

/// A new history file gets the latest schema in one step (`HistorySchema.createLatestIfEmpty`); a file made by
/// an older afrun is migrated. Both must end with the same tables, columns, constraints, indexes and view.
@Suite("History: the latest schema in one step")
struct HistoryLatestSchemaTests {
    /// Every column of every table (type, NOT NULL, default, key), every index's columns, every foreign key,
    /// every CHECK constraint and the view, one line each.
    static func shape(_ path: String) throws -> [String] {
        let columns = try SQLite.query(path, """
            SELECT m.name || '.' || p.name || ' ' || p.type || ' ' || p."notnull" || ' ' || IFNULL(p.dflt_value, '-') || ' ' || p.pk
            FROM sqlite_master m, pragma_table_xinfo(m.name) p WHERE m.type = 'table' ORDER BY m.name, p.cid
            """)
        let indexes = try SQLite.query(path, """
            SELECT m.tbl_name || ' ' || m.name || ' ' || i.seqno || ' ' || i.name
            FROM sqlite_master m, pragma_index_info(m.name) i WHERE m.type = 'index' ORDER BY m.name, i.seqno
            """)
        let keys = try SQLite.query(path, """
            SELECT m.name || ' ' || f."from" || ' -> ' || f."table" || '(' || f."to" || ') ' || f.on_delete
            FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table' ORDER BY m.name, f."from"
            """)
        let checks = try SQLite.query(path, "SELECT name || ' ' || replace(sql, char(10), ' ') FROM sqlite_master WHERE type = 'table'")
            .flatMap { line in
                let table = line.prefix { $0 != " " }
                return line.matches(of: /CHECK\s*\([^()]*\([^()]*\)\s*\)/).map { "\(table) \($0.output.split(whereSeparator: \.isWhitespace).joined(separator: " "))" }
            }
            .sorted()
        let view = try SQLite.query(path, "SELECT name || ': ' || replace(sql, char(10), ' ') FROM sqlite_master WHERE type = 'view'")
        return columns + indexes + keys + checks + view
    }

    /// Creates the folder a fixture database goes in (`HistoryStore.open` makes it; these files are made first).
    static func makeFolder(of path: String) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
    }

    @Test("a new file and a file migrated from version 1 have the same schema, and both record every migration")
    func sameAsMigrated() throws {
        let fresh = HistoryFixtures.databasePath(), migrated = HistoryFixtures.databasePath()
        defer {
            HistoryFixtures.remove(fresh)
            HistoryFixtures.remove(migrated)
        }
        try HistoryStore.open(path: fresh).close()
        try Self.makeFolder(of: migrated)
        try HistorySchema.createDatabase(path: migrated, upTo: "v1")
        try HistoryStore.open(path: migrated).close()

        let shape = try Self.shape(fresh)
        #expect(shape == (try Self.shape(migrated)))
        #expect(shape.contains("results.assertion_count INTEGER 0 - 0"), "the columns version 2 adds are there")
        #expect(shape.contains("runs CHECK (history_detail IN ('failures', 'all'))"))
        #expect(shape.contains("runs.first_result_id INTEGER 0 - 0") && shape.contains("runs.last_result_id INTEGER 0 - 0"),
                "the columns version 5 adds are there")
        #expect(shape.contains("assertions assertions_result 0 result_id"), "the shape lists indexes")
        for path in [fresh, migrated] {
            #expect(try SQLite.query(path, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'results'") == [],
                    "results has no index since version 5")
            #expect(try SQLite.query(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier") == ["v1", "v2", "v3", "v4", "v5"])
        }
    }

    @Test("only a file with no table is created in one step; one with tables of its own is left to the migrator, which adds ours")
    func foreignTablesGoThroughTheMigrator() throws {
        let path = HistoryFixtures.databasePath(), empty = HistoryFixtures.databasePath()
        defer {
            HistoryFixtures.remove(path)
            HistoryFixtures.remove(empty)
        }
        try Self.makeFolder(of: path)
        try Self.makeFolder(of: empty)
        _ = try SQLite.query(path, "CREATE TABLE notes (text TEXT)")
        for (file, expected) in [(path, false), (empty, true)] {
            let queue = try DatabaseQueue(path: file)
            #expect(try queue.writeWithoutTransaction(HistorySchema.createLatestIfEmpty) == expected)
            try queue.close()
        }
        #expect(try SQLite.query(path, "SELECT name FROM sqlite_master") == ["notes"], "nothing created beside another's tables")
        #expect(try SQLite.query(empty, "SELECT identifier FROM grdb_migrations ORDER BY identifier") == ["v1", "v2", "v3", "v4", "v5"])

        try HistoryStore.open(path: path).close()
        #expect(try SQLite.query(path, "SELECT COUNT(*) FROM notes") == ["0"])
        #expect(try SQLite.query(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier") == ["v1", "v2", "v3", "v4", "v5"])
        #expect(try SQLite.query(path, "SELECT type FROM sqlite_master WHERE name = 'metrics'") == ["view"])
    }
}
