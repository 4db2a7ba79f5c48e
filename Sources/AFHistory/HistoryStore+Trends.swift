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
    public func trends(lastRuns: Int = 20, grouping: TrendGrouping = .suite, phase: TimingPhase = .total) throws -> [TrendSeries] {
        try read("trends") { db in
            let names = try Self.identities(in: db)
            let start = try Self.windowStart(lastRuns: lastRuns, in: db)
            var runs: [Int64: (id: String, startedAt: Date)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT seq, id, started_at FROM runs WHERE seq >= ?", arguments: [start]) {
                let id: String = row["id"]
                let startedAt: Date = row["started_at"]
                runs[row["seq"]] = (id, startedAt)
            }
            struct Key: Hashable { let series: String; let run: Int64 }
            var values: [Key: [Double]] = [:]
            var failures: [Key: Int] = [:]
            let fallback = phase == .total ? "r.duration_ms" : "NULL"
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT r.run_seq, r.test_id, r.status, COALESCE(m.\(phase.column), \(fallback))
                    FROM results r LEFT JOIN metrics m ON m.result_id = r.id
                    WHERE r.run_seq >= ? AND r.status != 'skipped'
                    """,
                arguments: [start])
            while let row = try rows.next() {
                guard let identity = names[row[1]] else { continue }
                let key = Key(series: grouping == .suite ? identity.suiteName : identity.description, run: row[0])
                if let value = row[3] as Double? { values[key, default: []].append(value) }
                let status: String = row[2]
                failures[key, default: 0] += status == "passed" ? 0 : 1
            }
            var series: [String: [TrendPoint]] = [:]
            for key in Set(values.keys).union(failures.keys) {
                guard let run = runs[key.run] else { continue }
                let sorted = (values[key] ?? []).sorted()
                series[key.series, default: []].append(
                    TrendPoint(
                        runID: run.id, startedAt: run.startedAt, samples: sorted.count, p50Ms: Percentiles.median(sorted),
                        p95Ms: Percentiles.nearestRank(sorted, 0.95), failures: failures[key] ?? 0))
            }
            let order = Dictionary(uniqueKeysWithValues: runs.map { ($0.value.id, $0.key) })
            return series.map { name, points in
                TrendSeries(name: name, points: points.sorted { (order[$0.runID] ?? 0) < (order[$1.runID] ?? 0) })
            }
            .sorted { $0.name < $1.name }
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
                base: runA, head: runB, newlyFailing: [], newlyPassing: [], timeChanged: [], added: [], removed: [],
                thresholdPercent: thresholdPercent)
            for (id, b) in after {
                guard let identity = names[id] else { continue }
                guard let a = before[id] else { comparison.added.append(identity); continue }
                let change = a.durationMs > 0 ? (b.durationMs - a.durationMs) / a.durationMs * 100 : nil
                let test = ComparedTest(
                    identity: identity, baseStatus: a.status, headStatus: b.status, baseMs: a.durationMs,
                    headMs: b.durationMs, changePercent: change, headMessages: b.messages)
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

    static func outcomes(run: Int64, in db: Database) throws -> [Int64: Outcome] {
        var map: [Int64: Outcome] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT test_id, status, duration_ms, failure_messages FROM results WHERE run_seq = ? ORDER BY id",
            arguments: [run])
        {
            let messages: String? = row["failure_messages"]
            map[row["test_id"]] = Outcome(
                status: TestStatus(rawValue: row["status"]) ?? .error, durationMs: row["duration_ms"],
                messages: messages.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? [])
        }
        return map
    }
}
