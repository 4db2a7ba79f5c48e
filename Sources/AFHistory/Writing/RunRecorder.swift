import AFRunner
import Foundation
import GRDB
import GRDBSQLite

/// The writer's side of SQLite: writes items in transactions, remembers the ids of runs, suites and tests
/// between them, and keeps count of what each run stored and why any of it was not.
///
/// Not `Sendable`: `HistoryWriter` uses it on its serial queue only.
final class RunRecorder {
    /// What became of one run's items so far.
    private struct Progress {
        /// Results committed.
        var stored = 0
        /// Why some of its items were not stored (the first failure).
        var failure: String?
    }

    private let path: String
    let detail: HistoryDetail
    let json: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private var progress: [String: Progress] = [:]
    /// Failures not reported yet (by a flush or a run's end), with their run.
    private var failures: [(runID: String, text: String)] = []

    /// Ids remembered between transactions; forgotten when another connection committed (it may have
    /// pruned) and after a rollback.
    struct KnownIDs {
        var runSequences: [String: Int64] = [:]
        var suites: [SuiteKey: Int64] = [:]
    }

    struct SuiteKey: Hashable {
        let file: String
        let name: String
    }

    var known = KnownIDs()
    private var dataVersion: Int64?

    init(path: String, detail: HistoryDetail) {
        self.path = path
        self.detail = detail
    }

    /// Writes `items` in one transaction; when it fails, each item alone, so that one that cannot be stored
    /// does not sink the others. Then answers the items that wait.
    func write(_ items: [WriterItem], to connection: DatabaseQueue) {
        guard let failure = transaction(connection, { db in for item in items { try apply(item, in: db) } }) else {
            return settle(items, failure: nil)
        }
        known = KnownIDs()
        if items.count == 1 {
            settle(items, failure: failure)
        } else {
            for item in items { write([item], to: connection) }
        }
    }

    /// Folds the WAL into the database file, so that the file alone holds every finished run, and closes.
    func close(_ connection: DatabaseQueue) throws {
        // Passive: it waits for no one; frames another process still reads stay for a later checkpoint. A
        // read-only connection cannot checkpoint, and needs none.
        _ = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        do { try connection.close() } catch { throw HistoryError.database(operation: "close", reason: "\(error)") }
    }

    /// Answers the items that wait with `error` (the database could not be opened, or the store is closed).
    static func refuse(_ items: [WriterItem], _ error: HistoryError) {
        for item in items {
            switch item {
            case .finish(_, _, _, let reply), .flush(let reply): reply.resume(throwing: error)
            case .start, .results: break
            }
        }
    }

    /// Runs `body` in an immediate transaction (the write lock up front: a busy database waits at the start
    /// instead of failing at the commit).
    /// - Returns: nil when it committed, else why not: SQLite's message, with the operating system's error
    ///   behind it when there was one (`ENOSPC`, `EIO`).
    private func transaction(_ connection: DatabaseQueue, _ body: (Database) throws -> Void) -> String? {
        do {
            return try connection.writeWithoutTransaction { db -> String? in
                do {
                    let version = try Int64.fetchOne(db, sql: "PRAGMA data_version")
                    if version != dataVersion {
                        known = KnownIDs()
                        dataVersion = version
                    }
                    try db.inTransaction(.immediate) {
                        try body(db)
                        return .commit
                    }
                    return nil
                } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
                    // SQLite's "attempt to write a readonly database" reads as a disk problem next to the fix
                    // for a full disk: say which file cannot be written, and why that happens.
                    return "the file is read-only for this process (its permissions, its folder's, or a"
                        + " read-only mount)"
                } catch let error as DatabaseError {
                    // GRDB has no API for the errno of SQLite's last failed system call: `sqlite3_system_errno`.
                    let code = sqlite3_system_errno(db.sqliteConnection)
                    return (error.message ?? "SQLite error \(error.resultCode.rawValue)")
                        + (code == 0 ? "" : " (\(String(cString: strerror(code))))")
                }
            }
        } catch {
            return "\(error)"
        }
    }

    private func apply(_ item: WriterItem, in db: Database) throws {
        switch item {
        case .start(let run):
            try insertRun(run, in: db)
        case .results(let results, let runID):
            try insert(results, runSequence: try runSequence(runID, in: db), in: db)
        case .finish(let runID, let summary, let status, _):
            if progress[runID]?.failure != nil {
                try markIncomplete(runID, summary: summary, in: db)
            } else {
                try finishRun(runID, summary: summary, status: status, in: db)
            }
        case .flush:
            break
        }
    }

    /// Counts what was stored, notes what was not, and answers the items that wait.
    private func settle(_ items: [WriterItem], failure: String?) {
        for item in items {
            switch item {
            case .start(let run):
                if let failure { note(failure, of: item, runID: run.id) }
            case .results(let results, let runID):
                if let failure {
                    note(failure, of: item, runID: runID)
                } else {
                    progress[runID, default: Progress()].stored += results.count
                }
            case .finish(let runID, let summary, _, let reply):
                if let failure { note(failure, of: item, runID: runID) }
                answer(reply, finishing: runID, summary: summary, marked: failure == nil)
            case .flush(let reply):
                answer(reply)
            }
        }
    }

    private func note(_ failure: String, of item: WriterItem, runID: String) {
        failures.append((runID, "\(item.label): \(failure)"))
        var run = progress[runID, default: Progress()]
        if run.failure == nil { run.failure = failure }
        progress[runID] = run
    }

    /// A run's end: the run's own loss if it had one (its other failures go with it), else the failures since
    /// the last report, else success.
    private func answer(
        _ reply: CheckedContinuation<Void, any Error>,
        finishing runID: String,
        summary: RunSummary,
        marked: Bool
    ) {
        let run = progress.removeValue(forKey: runID) ?? Progress()
        guard let reason = run.failure else { return answer(reply) }
        failures.removeAll { $0.runID == runID }
        reply.resume(
            throwing: HistoryError.incomplete(
                path: path,
                stored: run.stored,
                total: summary.total,
                reason: reason,
                marked: marked
            )
        )
    }

    /// The failures since the last report, as one error, else success.
    private func answer(_ reply: CheckedContinuation<Void, any Error>) {
        guard let first = failures.first else { return reply.resume() }
        let count = failures.count
        failures.removeAll()
        reply.resume(
            throwing: HistoryError.database(
                operation: "record",
                reason: "\(count) item\(count == 1 ? "" : "s") not stored; first: \(first.text)"
            )
        )
    }
}
