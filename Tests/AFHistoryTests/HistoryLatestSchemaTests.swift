import AFRunner
import Foundation
import GRDB
import Testing

@testable import AFHistory

/// A new history file and a file made by an older afrun, migrated, end with the same tables, columns,
/// constraints, indexes and view.
@Suite("History: every schema migrates to the latest")
struct HistoryLatestSchemaTests {
    /// Every column of every table (type, NOT NULL, default, key), every index's columns, every foreign key,
    /// every CHECK constraint and the view, one line each.
    static func shape(_ path: String) async throws -> [String] {
        let columns = try await SQLite.query(
            path,
            """
            SELECT m.name || '.' || p.name || ' ' || p.type || ' ' || p."notnull" || ' ' || IFNULL(p.dflt_value, '-') || ' ' || p.pk
            FROM sqlite_master m, pragma_table_xinfo(m.name) p WHERE m.type = 'table' ORDER BY m.name, p.cid
            """
        )
        let indexes = try await SQLite.query(
            path,
            """
            SELECT m.tbl_name || ' ' || m.name || ' ' || i.seqno || ' ' || i.name
            FROM sqlite_master m, pragma_index_info(m.name) i WHERE m.type = 'index' ORDER BY m.name, i.seqno
            """
        )
        let keys = try await SQLite.query(
            path,
            """
            SELECT m.name || ' ' || f."from" || ' -> ' || f."table" || '(' || f."to" || ') ' || f.on_delete
            FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table' ORDER BY m.name, f."from"
            """
        )
        let checks = try await SQLite.query(
            path,
            "SELECT name || ' ' || replace(sql, char(10), ' ') FROM sqlite_master WHERE type = 'table'"
        )
        .flatMap { line in
            let table = line.prefix { $0 != " " }
            return line.matches(of: /CHECK\s*\([^()]*\([^()]*\)\s*\)/).map {
                "\(table) \($0.output.split(whereSeparator: \.isWhitespace).joined(separator: " "))"
            }
        }
        .sorted()
        let view = try await SQLite.query(
            path,
            "SELECT name || ': ' || replace(sql, char(10), ' ') FROM sqlite_master WHERE type = 'view'"
        )
        return columns + indexes + keys + checks + view
    }

    /// Creates the folder a fixture database goes in (`HistoryStore.open` makes it; these files are made first).
    static func makeFolder(of path: String) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
            withIntermediateDirectories: true
        )
    }

    @Test(
        "a file of every schema that shipped opens, migrates to the shape of a new file, and records every migration",
        arguments: ["v1", "v2", "v3", "v4", "v5", "v6", "v8"]
    )
    func sameAsMigrated(from version: String) async throws {
        let fresh = HistoryFixtures.databasePath()
        let migrated = HistoryFixtures.databasePath()
        defer {
            HistoryFixtures.remove(fresh)
            HistoryFixtures.remove(migrated)
        }
        try await HistoryStore.open(path: fresh).close()
        try Self.makeFolder(of: migrated)
        try HistorySchema.createDatabase(path: migrated, upTo: version)
        try await HistoryStore.open(path: migrated).close()

        let shape = try await Self.shape(fresh)
        #expect(shape == (try await Self.shape(migrated)))
        #expect(shape.contains("results.assertion_count INTEGER 0 - 0"), "the columns version 2 adds are there")
        #expect(shape.contains("runs CHECK (history_detail IN ('failures', 'all'))"))
        #expect(
            shape.contains("runs CHECK (status IN ('running', 'complete', 'interrupted', 'incomplete'))"),
            "version 6's statuses"
        )
        #expect(
            shape.contains("runs.first_result_id INTEGER 0 - 0") && shape.contains("runs.last_result_id INTEGER 0 - 0"),
            "the columns version 5 adds are there"
        )
        #expect(shape.contains("runs.planned_tests INTEGER 0 - 0"), "the column version 9 adds is there")
        #expect(shape.contains("assertions assertions_result 0 result_id"), "the shape lists indexes")
        #expect(shape.contains("runs runs_started 0 started_at"), "version 6 rebuilt the indexes of runs")
        for path in [fresh, migrated] {
            #expect(
                try await SQLite.query(
                    path,
                    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'results'"
                )
                    == [],
                "results has no index since version 5"
            )
            #expect(
                try await SQLite.query(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier") == [
                    "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",
                ]
            )
        }
    }

    @Test("an SQLite file with tables of its own is refused as not an afrun history, and left as it was")
    func foreignTablesAreRefused() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        try Self.makeFolder(of: path)
        _ = try await SQLite.query(path, "CREATE TABLE notes (text TEXT)")
        #expect {
            try HistoryStore.open(path: path)
        } throws: { error in
            "\(error)".contains("is not an afrun history")
        }
        #expect(
            try await SQLite.query(path, "SELECT name FROM sqlite_master") == ["notes"],
            "nothing created beside another's tables"
        )
    }
}
