import GRDB

extension HistoryStore {
    /// Deletes all but the latest `keep` runs with their results, and tests no run mentions any more.
    /// - Parameter keep: runs to keep (0 empties the history).
    /// - Returns: how many runs were deleted and how many are left.
    @discardableResult
    public func prune(keep: Int) throws -> PruneOutcome {
        guard keep >= 0 else { throw HistoryError.invalidArgument("prune --keep must be 0 or more, got \(keep)") }
        // The statements delete each run's children themselves, through the runs' ranges of result ids (no
        // index on `results` leads with `run_seq`, schema v5), so the foreign keys' cascade finds nothing left.
        return try syncWrite("prune") { db in
            let deleted = try Self.prune(keep: keep, in: db)
            return PruneOutcome(deleted: deleted, kept: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM runs") ?? 0)
        }
    }

    /// `prune(keep:)` in the caller's transaction; returns how many runs were deleted.
    static func prune(keep: Int, in db: Database) throws -> Int {
        // The runs kept are the latest `keep` by sequence: the others are exactly those before the oldest kept.
        let before =
            keep == 0
            ? Int64.max
            : try Int64.fetchOne(
                db,
                sql: "SELECT seq FROM runs ORDER BY seq DESC LIMIT 1 OFFSET ?",
                arguments: [keep - 1]
            ) ?? .min
        // One range of ids holds every result of the runs deleted (each run's range lies in it): the children
        // go first, found by `result_id` (the key of `tls`, the index of `assertions`), then the results.
        let bounds = try Row.fetchOne(
            db,
            sql: """
                SELECT MIN(first_result_id), MAX(COALESCE(last_result_id, 9223372036854775807)) FROM runs
                WHERE seq < ? AND first_result_id IS NOT NULL
                """,
            arguments: [before]
        )
        if let bounds, let lower = bounds[0] as Int64?, let upper = bounds[1] as Int64? {
            let arguments: StatementArguments = ["lower": lower, "upper": upper, "before": before]
            let deleted = "SELECT id FROM results WHERE id BETWEEN :lower AND :upper AND run_seq < :before"
            try db.execute(
                sql: """
                    DELETE FROM assertions WHERE result_id BETWEEN :lower AND :upper AND result_id IN (\(deleted));
                    DELETE FROM tls WHERE result_id BETWEEN :lower AND :upper AND result_id IN (\(deleted));
                    DELETE FROM results WHERE id BETWEEN :lower AND :upper AND run_seq < :before;
                    """,
                arguments: arguments
            )
        }
        try db.execute(sql: "DELETE FROM runs WHERE seq < ?", arguments: [before])
        let runs = db.changesCount
        // A run still recording that has no result yet starts after the largest id there was: when the deleted
        // results held the largest ids, the next ones given are smaller, so its start comes down to them.
        try db.execute(
            sql: """
                UPDATE runs SET first_result_id = COALESCE((SELECT MAX(id) FROM results), 0) + 1
                WHERE status = 'running' AND last_result_id IS NULL AND first_result_id > COALESCE((SELECT MAX(id) FROM results), 0) + 1
                """
        )
        try db.execute(sql: "DELETE FROM tests WHERE id NOT IN (SELECT DISTINCT test_id FROM results)")
        try db.execute(sql: "DELETE FROM suites WHERE id NOT IN (SELECT DISTINCT suite_id FROM tests)")
        return runs
    }
}

/// What `HistoryStore.prune(keep:)` did.
public struct PruneOutcome: Sendable, Hashable {
    /// Runs deleted.
    public var deleted: Int
    /// Runs left in the history.
    public var kept: Int
}
