import GRDB

extension HistoryStore {
    /// A range of result ids that holds every result of some runs (schema v5: `runs.first_result_id` and
    /// `runs.last_result_id`). SQLite reads such a range of the rowid directly: `results` has no index.
    ///
    /// It is a bound, not a set: runs recorded at the same time by two processes interleave their ids, so a
    /// query also keeps its `run_seq` condition (`r.id BETWEEN ? AND ? AND r.run_seq = ?`).
    struct ResultIDRange: Equatable {
        /// The smallest id.
        var lower: Int64
        /// The largest id.
        var upper: Int64

        /// No id at all (a run without results).
        static let empty = ResultIDRange(lower: 1, upper: 0)

        /// Every id: PostgreSQL's range, which its index on `results(run_seq, test_id)` makes unneeded (it
        /// runs `HistorySQL`'s statements with this range).
        static let all = ResultIDRange(lower: .min, upper: .max)

        /// The ids from `lower` on.
        static func from(_ lower: Int64) -> ResultIDRange {
            ResultIDRange(lower: lower, upper: .max)
        }
    }

    /// The ids of one run's results: from `first_result_id` to `last_result_id` (open-ended while the run is
    /// recording); `.empty` for a run without results or one that does not exist.
    static func resultIDs(ofRun sequence: Int64, in db: Database) throws -> ResultIDRange {
        let row = try Row.fetchOne(
            db,
            sql: "SELECT first_result_id, last_result_id FROM runs WHERE seq = ?",
            arguments: [sequence]
        )
        guard let row, let first = row[0] as Int64? else { return .empty }
        return ResultIDRange(lower: first, upper: row[1] as Int64? ?? .max)
    }

    /// The ids of the results of every run from `sequence` on: from the smallest `first_result_id` among them;
    /// `.empty` when none of them has results.
    static func resultIDs(ofRunsFrom sequence: Int64, in db: Database) throws -> ResultIDRange {
        let first = try Int64.fetchOne(
            db,
            sql: "SELECT MIN(first_result_id) FROM runs WHERE seq >= ?",
            arguments: [sequence]
        )
        return first.map(ResultIDRange.from) ?? .empty
    }

    /// The latest `lastRuns` runs: the first one's sequence and a range of ids holding all their results, for
    /// `id BETWEEN ids.lower AND ids.upper AND run_seq >= start`.
    static func resultWindow(lastRuns: Int, in db: Database) throws -> (start: Int64, ids: ResultIDRange) {
        let start = try windowStart(lastRuns: lastRuns, in: db)
        return (start, try resultIDs(ofRunsFrom: start, in: db))
    }
}
