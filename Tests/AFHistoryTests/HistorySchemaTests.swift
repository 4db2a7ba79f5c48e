import AFHistory
import AFRunner
import Foundation
import TestSupport
import Testing

@Suite("History schema and migrations")
struct HistorySchemaTests {
    @Test("open creates the folders, the tables and the indexes, in WAL mode")
    func createsSchema() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        try await store.close()
        #expect(FileManager.default.fileExists(atPath: path))
        let tables = try await SQLite.query(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for table in ["assertions", "results", "runs", "suites", "tests", "tls", "grdb_migrations"] {
            #expect(tables.contains(table), "missing table \(table)")
        }
        #expect(try await SQLite.query(path, "SELECT type FROM sqlite_master WHERE name = 'metrics'") == ["view"])
        let indexes = try await SQLite.query(path, "SELECT name FROM sqlite_master WHERE type = 'index'")
        for index in ["runs_started", "assertions_result"] {
            #expect(indexes.contains(index), "missing index \(index)")
        }
        #expect(try await SQLite.query(path, "PRAGMA journal_mode") == ["wal"])
        #expect(try await SQLite.query(path, "PRAGMA page_size") == ["8192"])
        #expect(!indexes.contains("results_test"), "v3 replaced results(test_id, run_seq)")
        #expect(!indexes.contains("results_run"), "v4 dropped results(run_seq, status)")
        #expect(!indexes.contains("results_run_test"), "v5 dropped results(run_seq, test_id)")
        #expect(
            try await SQLite.query(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier") == [
                "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",
            ]
        )
    }

    @Test("a folder that cannot be created (a file is in the way) is named in the error, and nothing is written")
    func folderInTheWay() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let path = file.appendingPathComponent("sub/history.sqlite").path
        do {
            _ = try HistoryStore.open(path: path)
            Issue.record("opened a history under a file")
        } catch HistoryError.cannotOpen(let failedPath, let reason) {
            #expect(failedPath == path)
            #expect(reason.contains("cannot create folder '\(file.path)/sub'"), "\(reason)")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
    }

    @Test("a history made with another page size keeps it, and records as before")
    func existingPageSizeKept() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        // A file of an earlier afrun: SQLite's default 4 KiB pages.
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        _ = try await SQLite.query(
            path,
            "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; CREATE TABLE placeholder (x); DROP TABLE placeholder"
        )
        let store = try await HistoryStore.open(path: path)
        try await HistoryFixtures.record(store, [HistoryFixtures.result(HistoryFixtures.identity("a"), .passed)])
        try await store.close()
        #expect(try await SQLite.query(path, "PRAGMA page_size") == ["4096"])
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["1"])
        #expect(try await SQLite.query(path, "PRAGMA integrity_check") == ["ok"])
    }

    @Test("reopening runs no migration twice and keeps the data")
    func reopenKeepsData() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let first = try await HistoryStore.open(path: path)
        try await HistoryFixtures.record(first, [HistoryFixtures.result(HistoryFixtures.identity("a"), .passed)])
        try await first.close()
        let second = try await HistoryStore.open(path: path)
        defer { try? second.close() }
        #expect(try second.runs().count == 1)
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM grdb_migrations") == ["9"])
    }

    /// A history at a new path with one recorded result, marked as migrated by a newer afrun (`v10`).
    private func newerHistory() async throws -> String {
        let path = HistoryFixtures.databasePath()
        let store = try await HistoryStore.open(path: path)
        try await HistoryFixtures.record(store, [HistoryFixtures.result(HistoryFixtures.identity("a"), .passed)])
        try await store.close()
        _ = try await SQLite.query(path, "INSERT INTO grdb_migrations VALUES ('v10')")
        return path
    }

    /// Expects `body` to throw `.newerSchema` naming `path`, `v10` and the fix.
    private func expectNewerSchema(_ path: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("a v10 file was accepted")
        } catch let error as HistoryError {
            guard case .newerSchema(let errorPath, let migrations) = error else {
                Issue.record("expected .newerSchema, got \(error)")
                return
            }
            #expect(errorPath == path && migrations == ["v10"])
            #expect(error.description.contains(path) && error.description.contains("upgrade this afrun"), "\(error)")
        } catch {
            Issue.record("expected a HistoryError, got \(error)")
        }
    }

    @Test("a file a newer afrun migrated further is refused, named, with the fix, and left as it was")
    func newerSchemaIsRefused() async throws {
        let path = try await newerHistory()
        defer { HistoryFixtures.remove(path) }
        expectNewerSchema(path) { _ = try HistoryStore.open(path: path) }
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["1"])
    }

    @Test("merging a file a newer afrun migrated further is refused the same way")
    func newerSchemaIsNotMerged() async throws {
        let newer = try await newerHistory()
        let target = HistoryFixtures.databasePath()
        defer {
            HistoryFixtures.remove(newer)
            HistoryFixtures.remove(target)
        }
        let store = try await HistoryStore.open(path: target)
        defer { try? store.close() }
        expectNewerSchema(newer) { _ = try store.merge(from: newer) }
        #expect(try store.runs().isEmpty)
    }

    @Test(
        "a file that is not a database is reported with its path as not an afrun history, not as a folder to make writable"
    )
    func notADatabase() throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
            withIntermediateDirectories: true
        )
        try Data(String(repeating: "not sqlite ", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try HistoryStore.open(path: path)
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("is not an afrun history")
                && !"\(error)".contains("writable")
        }
    }
}

/// Reads a database with the sqlite3 CLI, as a user would.
enum SQLite {
    static func query(_ path: String, _ sql: String) async throws -> [String] {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        return try await process.output().output.split(separator: "\n").map(String.init)
    }
}
