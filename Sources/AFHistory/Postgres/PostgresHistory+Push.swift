import Foundation
import GRDB

extension PostgresHistory {
    /// Sends the spool's finished runs to the server (`afrun history push`): what runs that could not reach
    /// it left behind.
    /// - Returns: how many runs the server did not have yet (0 when there is no spool).
    /// - Throws: `HistoryError.serverUnavailable` when the server cannot be reached; the spool keeps its runs.
    public func push() throws -> Int {
        guard FileManager.default.fileExists(atPath: spoolPath) else { return 0 }
        let spool = try HistoryStore.open(path: spoolPath, detail: detail)
        defer { try? spool.close() }
        return try withSession { session throws(HistoryError) in
            try PostgresPush(session: session, source: spool, deletesPushed: true).run()
        }
    }

    /// Copies in the runs of an afrun SQLite history file (any schema version) that the server does not have
    /// yet; the file is left as it is (its copy is brought up to date and read).
    public func merge(from otherPath: String) throws -> Int {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: otherPath, isDirectory: &isFolder), !isFolder.boolValue else {
            throw HistoryError.invalidArgument(
                "no history file '\(otherPath)' to merge; check the path (a shard's artifact that was not downloaded?)"
            )
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-merge-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy: HistoryStore
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copyPath = folder.appendingPathComponent("history.sqlite").path
            // SQLite's backup: the file with what its WAL holds, read consistently even while it is written.
            var configuration = Configuration()
            configuration.readonly = true
            // Waits for a writer of the file (its own runner's spool push) as every other open does: without a
            // busy timeout the backup failed at once with SQLITE_BUSY.
            configuration.busyMode = .timeout(HistoryStore.busyTimeout)
            let source = try DatabaseQueue(path: otherPath, configuration: configuration)
            let destination = try DatabaseQueue(path: copyPath)
            try source.backup(to: destination)
            try source.close()
            try destination.close()
            copy = try HistoryStore.open(path: copyPath, detail: detail)
        } catch let error as HistoryError {
            throw Self.naming(otherPath, error)
        } catch {
            throw Self.naming(otherPath, HistoryStore.openError(error, path: otherPath))
        }
        defer { try? copy.close() }
        return try withSession { session throws(HistoryError) in
            try PostgresPush(session: session, source: copy, deletesPushed: false).run()
        }
    }

    /// An error about the merged file's copy, naming the file itself.
    private static func naming(_ path: String, _ error: HistoryError) -> HistoryError {
        switch error {
        case .notAHistory: .notAHistory(path: path)
        case .newerSchema(_, let migrations): .newerSchema(path: path, migrations: migrations)
        case .cannotOpen(_, let reason), .migrationFailed(_, let reason): .cannotOpen(path: path, reason: reason)
        case .damaged(_, let reason): .damaged(path: path, reason: reason)
        default: error
        }
    }
}
