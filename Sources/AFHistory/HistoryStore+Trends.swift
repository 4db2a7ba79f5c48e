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
            var runs: [(seq: Int64, id: String, startedAt: Date)] = []
            for row in try Row.fetchAll(
                db,
                sql: "SELECT seq, id, started_at FROM runs WHERE seq >= ? ORDER BY seq",
                arguments: [start]
            ) {
                runs.append((row["seq"], row["id"], row["started_at"]))
            }
            let column = Dictionary(uniqueKeysWithValues: runs.enumerated().map { ($1.seq, $0) })
            // Each test maps to a series (a row): integer keys only in the per-result loop.
            var seriesNames: [String] = []
            var seriesOfName: [String: Int] = [:]
            var seriesOfTest: [Int64: Int] = [:]
            for (id, identity) in names {
                let name = grouping == .suite ? identity.suiteName : identity.description
                if let index = seriesOfName[name] {
                    seriesOfTest[id] = index
                } else {
                    seriesOfName[name] = seriesNames.count
                    seriesOfTest[id] = seriesNames.count
                    seriesNames.append(name)
                }
            }
            struct Cell {
                var values: [Double] = []
                var failures = 0
                var seen = false
            }
            var cells = [Cell](repeating: Cell(), count: seriesNames.count * runs.count)
            let fallback = phase == .total ? "r.duration_ms" : "NULL"
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT r.run_seq, r.test_id, r.status = 'passed', COALESCE(r.\(phase.column), \(fallback))
                    FROM results r
                    WHERE r.id BETWEEN ? AND ? AND r.run_seq >= ? AND r.status != 'skipped'
                    """,
                arguments: [ids.lower, ids.upper, start]
            )
            while let row = try rows.next() {
                guard let series = seriesOfTest[row[1]], let run = column[row[0]] else { continue }
                let index = series * runs.count + run
                cells[index].seen = true
                if let value = row[3] as Double? { cells[index].values.append(value) }
                if !(row[2] as Bool) { cells[index].failures += 1 }
            }
            var result: [TrendSeries] = []
            for (series, name) in seriesNames.enumerated() {
                var points: [TrendPoint] = []
                for (position, run) in runs.enumerated() {
                    let cell = cells[series * runs.count + position]
                    guard cell.seen else { continue }
                    let sorted = cell.values.sorted()
                    points.append(
                        TrendPoint(
                            runID: run.id,
                            startedAt: run.startedAt,
                            samples: sorted.count,
                            p50Ms: Percentiles.median(sorted),
                            p95Ms: Percentiles.nearestRank(sorted, 0.95),
                            failures: cell.failures
                        )
                    )
                }
                if !points.isEmpty { result.append(TrendSeries(name: name, points: points)) }
            }
            return result.sorted { $0.name < $1.name }
        }
    }

    /// What changed from run A to run B.
    /// - Parameters:
    ///   - base: run A (id, prefix, `latest`, `previous`).
    ///   - head: run B.
    ///   - thresholdPercent: the duration change (in percent of A) beyond which a test is listed.
    /// - Throws: `HistoryError.runNotFound`, `.ambiguousRun`, `.invalidArgument` for a negative threshold.
    public func compare(_ base: String, _ head: String, thresholdPercent: Double = 20) throws -> RunComparison {
        guard thresholdPercent >= 0, thresholdPercent.isFinite else {
            throw HistoryError.invalidArgument("compare --threshold must be a percentage ≥ 0, got \(thresholdPercent)")
        }
        return try read("compare") { db in
            let runA = try Self.resolveRun(base, in: db)
            let runB = try Self.resolveRun(head, in: db)
            let names = try Self.identities(in: db)
            let before = try Self.outcomes(run: runA.sequence, in: db)
            let after = try Self.outcomes(run: runB.sequence, in: db)
            var comparison = RunComparison(
                base: runA,
                head: runB,
                newlyFailing: [],
                newlyPassing: [],
                timeChanged: [],
                added: [],
                removed: [],
                thresholdPercent: thresholdPercent
            )
            for (id, b) in after {
                guard let identity = names[id] else { continue }
                guard let a = before[id] else {
                    comparison.added.append(identity)
                    continue
                }
                let change = a.durationMs > 0 ? (b.durationMs - a.durationMs) / a.durationMs * 100 : nil
                let test = ComparedTest(
                    identity: identity,
                    baseStatus: a.status,
                    headStatus: b.status,
                    baseMs: a.durationMs,
                    headMs: b.durationMs,
                    changePercent: change,
                    headMessages: b.messages
                )
                let failingA = TestSelection.isFailing(a.status)
                let failingB = TestSelection.isFailing(b.status)
                if a.status == .passed && failingB { comparison.newlyFailing.append(test) }
                if failingA && b.status == .passed { comparison.newlyPassing.append(test) }
                if a.status != .skipped, b.status != .skipped, let change, abs(change) > thresholdPercent {
                    comparison.timeChanged.append(test)
                }
            }
            comparison.removed = before.keys.filter { after[$0] == nil }.compactMap { names[$0] }
            let byIdentity = { (l: ComparedTest, r: ComparedTest) in TestIdentity.sortsBefore(l.identity, r.identity) }
            comparison.newlyFailing.sort(by: byIdentity)
            comparison.newlyPassing.sort(by: byIdentity)
            comparison.timeChanged.sort { l, r in
                abs(l.changePercent ?? 0) != abs(r.changePercent ?? 0)
                    ? abs(l.changePercent ?? 0) > abs(r.changePercent ?? 0) : byIdentity(l, r)
            }
            comparison.added.sort(by: TestIdentity.sortsBefore)
            comparison.removed.sort(by: TestIdentity.sortsBefore)
            return comparison
        }
    }

    struct Outcome {
        var status: TestStatus
        var durationMs: Double
        var messages: [String]
    }

    /// Each test's outcome in one run (the run's range of result ids, then its sequence).
    static func outcomes(run: Int64, in db: Database) throws -> [Int64: Outcome] {
        var map: [Int64: Outcome] = [:]
        let ids = try resultIDs(ofRun: run, in: db)
        for row in try Row.fetchAll(
            db,
            sql:
                "SELECT test_id, status, duration_ms, failure_messages FROM results WHERE id BETWEEN ? AND ? AND run_seq = ? ORDER BY id",
            arguments: [ids.lower, ids.upper, run]
        ) {
            let messages: String? = row["failure_messages"]
            map[row["test_id"]] = Outcome(
                status: TestStatus(rawValue: row["status"]) ?? .error,
                durationMs: row["duration_ms"],
                messages: messages.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
            )
        }
        return map
    }
}
