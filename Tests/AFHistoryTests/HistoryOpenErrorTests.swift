import Foundation
import GRDB
import Testing

@testable import AFHistory

/// A history that cannot be used says why and what to do, and never waits longer than its busy timeout.
@Suite("History files that cannot be used")
struct HistoryOpenErrorTests {
    @Test("a history another process keeps locked fails once, after the busy timeout, saying so")
    func lockedByAnotherWriter() throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        try HistoryStore.open(path: path).close()
        // Another connection holding a write transaction, as `sqlite3` with BEGIN EXCLUSIVE does (it leaves the
        // WAL empty, so even a reader's open must write: GRDB writes a first WAL frame).
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE; INSERT INTO suites (file, name) VALUES ('held.json', 'Held')")
        }
        defer { try? holder.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") } }
        let started = Date()
        #expect {
            _ = try HistoryStore.open(path: path, detail: .failures) { $0.busyMode = .timeout(0.3) }
        } throws: { error in
            guard case HistoryError.locked(let lockedPath, _) = error else { return false }
            return lockedPath == path && "\(error)".contains("locked by another process")
        }
        // One busy timeout, not one per retry of the open (40 of them): far below 40 × 0.3 s.
        #expect(Date().timeIntervalSince(started) < 6)
    }

    @Test("a truncated history file is named damaged, with how to start again")
    func truncatedFile() throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        try HistoryStore.open(path: path).close()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 20_000)
        try handle.close()
        #expect {
            _ = try HistoryStore.open(path: path)
        } throws: { error in
            guard case HistoryError.damaged(let damagedPath, _) = error else { return false }
            return damagedPath == path && "\(error)".contains("restore it from a copy")
        }
    }

    @Test("a folder given as the history is named a folder, with a file name to use")
    func folderAsHistory() throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect {
            _ = try HistoryStore.open(path: folder)
        } throws: { error in
            "\(error)".contains("it is a folder; name a file in it, e.g. --db \(folder)/history.sqlite")
        }
    }

    @Test("merge names a missing file, a file that is not a history, and the history itself")
    func mergeSources() throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try HistoryStore.open(path: path)
        defer { try? store.close() }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let text = folder + "/notes.sqlite"
        try Data(repeating: 0x41, count: 5000).write(to: URL(fileURLWithPath: text))
        #expect {
            try store.merge(from: text)
        } throws: { error in
            guard case HistoryError.notAHistory(let named) = error else { return false }
            return named == text
        }
        #expect {
            try store.merge(from: folder + "/missing.sqlite")
        } throws: { error in
            "\(error)".contains("no history file '\(folder)/missing.sqlite' to merge")
        }
        #expect {
            try store.merge(from: folder + "/../nested/history.sqlite")
        } throws: { error in
            "\(error)".contains("is the history merged into (--db)")
        }
    }
}
