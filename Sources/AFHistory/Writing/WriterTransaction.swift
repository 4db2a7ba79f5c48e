import Foundation
import GRDB

/// The writer's side of SQLite: one write transaction kept open across insert passes and committed when
/// the writer says so, the inserter, and the items applied but not committed yet.
///
/// Inserting as results arrive and committing every `GroupCommitWriter.commitInterval` keeps both the
/// number of commits (each writes its dirty pages to the WAL) and the work left at the end of a run small.
/// Not `Sendable`: used only on the writer's queue.
final class WriterTransaction {
    /// How an item ended: committed, or why not.
    typealias Outcome = (item: WriterItem, result: Result<Void, HistoryError>)

    private let database: DatabaseHandle
    private let inserter = ResultInserter()
    private var applied: [WriterItem] = []
    /// When the open transaction began; nil when none is open.
    private(set) var startedAt: ContinuousClock.Instant?

    init(database: DatabaseHandle) {
        self.database = database
    }

    /// Items applied and not committed yet.
    var pendingCount: Int { applied.count }

    /// Applies `items` in the open transaction, beginning one if needed.
    /// - Returns: the items settled now: none when all went in; when one failed, the transaction is rolled
    ///   back and every uncommitted item is retried alone, and all of them are settled.
    func apply(_ items: [WriterItem]) -> [Outcome] {
        guard !items.isEmpty else { return [] }
        var next = 0
        do {
            let pool = try database.pool()
            try pool.writeWithoutTransaction { db in
                if startedAt == nil {
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    startedAt = .now
                }
                let statements = try ResultInserter.Statements(db)
                while next < items.count {
                    try apply(items[next], statements: statements, in: db)
                    applied.append(items[next])
                    next += 1
                }
            }
            return []
        } catch {
            return recover(from: error, retrying: applied + items[next...])
        }
    }

    /// Commits the open transaction, if any.
    /// - Returns: every item applied since the last commit, settled.
    func commit() -> [Outcome] {
        guard startedAt != nil else { return [] }
        do {
            try database.pool().writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
            startedAt = nil
            defer { applied.removeAll(keepingCapacity: true) }
            return applied.map { ($0, .success(())) }
        } catch {
            return recover(from: error, retrying: applied)
        }
    }

    /// Copies the WAL's frames into the database file (best effort: a reader may hold some back); outside a
    /// transaction. `.passive` during a run keeps the WAL short, so the run's last checkpoint has little to
    /// copy and sync; `.truncate` at its end leaves the whole run in the database file.
    func checkpoint(_ mode: Database.CheckpointMode) {
        guard startedAt == nil, let pool = try? database.pool() else { return }
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(mode) }
    }

    /// Runs `body` with the writer connection outside any transaction (commit first).
    func withDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try database.pool().writeWithoutTransaction(body)
    }

    private func apply(_ item: WriterItem, statements: ResultInserter.Statements, in db: Database) throws {
        switch item.operation {
        case .start(let run):
            try HistoryWriting.insertRun(run, in: db)
        case .result(let result, let runID):
            try inserter.insert(result, runID: runID, statements: statements, in: db)
        case .finish(let runID, let summary, let status):
            try HistoryWriting.finishRun(runID, summary: summary, status: status, in: db)
        }
    }

    /// Rolls back, then stores each item in its own transaction so one bad item does not sink the others.
    private func recover(from error: any Error, retrying items: [WriterItem]) -> [Outcome] {
        applied.removeAll()
        startedAt = nil
        // Ids learnt in the rolled-back transaction are gone; another process may have pruned a test.
        inserter.forgetIDs()
        guard let pool = try? database.pool() else {
            let failure = Self.historyError(error, operation: "open")
            return items.map { ($0, .failure(failure)) }
        }
        _ = try? pool.writeWithoutTransaction { db in
            if !db.isInsideTransaction { return }
            try db.execute(sql: "ROLLBACK")
        }
        return items.map { item in
            do {
                try pool.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        try apply(item, statements: ResultInserter.Statements(db), in: db)
                        return .commit
                    }
                }
                return (item, .success(()))
            } catch {
                inserter.forgetIDs()
                return (item, .failure(Self.historyError(error, operation: "record \(item.label)")))
            }
        }
    }

    static func historyError(_ error: any Error, operation: String) -> HistoryError {
        (error as? HistoryError) ?? .database(operation: operation, reason: "\(error)")
    }
}
