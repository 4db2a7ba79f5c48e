import AFRunner
import Foundation
import GRDB

extension HistoryStore {
    /// p50/p95 of a phase per run for every suite (or test) over the latest `lastRuns` runs, so a
    /// regression shows as a step in the series.
    /// - Parameters:
    ///   - lastRuns: the window.
    ///   - grouping: one series per suite or per test.
    ///   - phase: the phase measured (`total` falls back to the result's duration when no transfer happened).
    /// - Returns: series sorted by name, points oldest first.
    public func trends(
        lastRuns: Int = 20,
        grouping: TrendGrouping = .suite,
        phase: TimingPhase = .total
    ) throws -> [TrendSeries] {
        try read("trends") { db in
            let names = try Self.identities(in: db)
            let (start, ids) = try Self.resultWindow(lastRuns: lastRuns, in: db)
            // Runs of the window in order; each gets a column.
            let runs = try Row.fetchAll(db, sql: HistorySQL.trendRuns, arguments: [start]).map { row in
                TrendTable.Run(seq: row["seq"], id: row["id"], startedAt: row["started_at"])
            }
            var table = TrendTable(runs: runs, names: names, grouping: grouping)
            let rows = try Row.fetchCursor(
                db,
                sql: HistorySQL.trendResults(phase),
                arguments: [ids.lower, ids.upper, start]
            )
            while let row = try rows.next() {
                table.add(run: row[0], test: row[1], passed: row[2], value: row[3])
            }
            return table.series()
        }
    }

    /// What changed from run A to run B.
    /// - Parameters:
    ///   - base: run A (id, prefix, `latest`, `previous`).
    ///   - head: run B.
    ///   - thresholdPercent: the duration change (in percent of A) beyond which a test is listed.
    /// - Throws: `HistoryError.runNotFound`, `.ambiguousRun`, `.invalidArgument` for a negative threshold.
    public func compare(_ base: String, _ head: String, thresholdPercent: Double = 20) throws -> RunComparison {
        try HistoryAnswers.checkThreshold(thresholdPercent)
        return try read("compare") { db in
            let runA = try Self.resolveRun(base, in: db)
            let runB = try Self.resolveRun(head, in: db)
            let names = try Self.identities(in: db)
            let before = try Self.outcomes(run: runA.sequence, in: db)
            let after = try Self.outcomes(run: runB.sequence, in: db)
            return HistoryAnswers.comparison(
                runA,
                runB,
                before: before,
                after: after,
                names: names,
                thresholdPercent: thresholdPercent
            )
        }
    }

    /// Each test's outcome in one run (the run's range of result ids, then its sequence).
    static func outcomes(run: Int64, in db: Database) throws -> [Int64: HistoryAnswers.Outcome] {
        var map: [Int64: HistoryAnswers.Outcome] = [:]
        let ids = try resultIDs(ofRun: run, in: db)
        for row in try Row.fetchAll(
            db,
            sql: HistorySQL.outcomes,
            arguments: [ids.lower, ids.upper, run]
        ) {
            let messages: String? = row["failure_messages"]
            map[row["test_id"]] = HistoryAnswers.Outcome(
                status: TestStatus(rawValue: row["status"]) ?? .error,
                durationMs: row["duration_ms"],
                messages: messages.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
            )
        }
        return map
    }
}
