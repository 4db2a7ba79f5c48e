import AFHistory
import AFRunner
import Foundation

extension HistoryReport {
    /// Trend lines drawn (the tests with the largest p95).
    static let trendLimit = 40
    /// Flaky and slow tests listed.
    static let listLimit = 25

    /// Reads the report from the history.
    /// - Parameters:
    ///   - store: an open history.
    ///   - last: how many recent runs.
    ///   - suites: suite names or files to keep; empty keeps every suite.
    /// - Throws: `HistoryError` from the queries.
    public static func read(from store: any HistoryStoring, last: Int, suites: [String]) throws -> HistoryReport {
        let keeps = { (identity: TestIdentity) in
            suites.isEmpty || suites.contains(identity.suiteName) || suites.contains(identity.suiteFile)
        }
        var points: [Point] = []
        var pointOfKey: [String: Int] = [:]
        var statuses: [TestIdentity: [Int: TestStatus]] = [:]
        var timings: [TestIdentity: [Int: TimingSummary]] = [:]
        var pointRuns: [[RunRecord]] = []
        for run in try store.runs(last: last).reversed() {
            // The shards of one pipeline ran one commit: they make one point.
            let key = run.shard != nil && run.gitCommit != nil ? "commit " + run.gitCommit! : run.id
            let index: Int
            if let known = pointOfKey[key] {
                index = known
            } else {
                index = points.count
                pointOfKey[key] = index
                let label =
                    run.shard != nil && run.gitCommit != nil
                    ? String(run.gitCommit!.prefix(12)) : String(run.id.prefix(8))
                points.append(
                    Point(
                        label: label,
                        startedAt: run.startedAt,
                        gitCommit: run.gitCommit,
                        gitBranch: run.gitBranch,
                        runIDs: [],
                        shards: []
                    )
                )
                pointRuns.append([])
            }
            points[index].runIDs.append(run.id)
            if let shard = run.shard { points[index].shards.append(shard) }
            pointRuns[index].append(run)
            if run.status != .complete { points[index].status = run.status }
            for result in try store.results(ofRun: run.id).results where keeps(result.identity) {
                switch result.status {
                case .passed: points[index].passed += 1
                case .failed: points[index].failed += 1
                case .error: points[index].errors += 1
                case .skipped: points[index].skipped += 1
                }
                statuses[result.identity, default: [:]][index] = result.status
                if let timing = result.timings { timings[result.identity, default: [:]][index] = timing }
            }
        }
        let trends = try store.trends(lastRuns: last, grouping: .test, phase: .total).filter { series in
            suites.isEmpty || suites.contains { series.name.hasPrefix($0 + "/") }
        }
        .sorted { ($0.points.last?.p95Ms ?? 0) > ($1.points.last?.p95Ms ?? 0) }
        let flaky = try store.flakyTests(lastRuns: last, includeStable: false).filter { keeps($0.identity) }.prefix(
            listLimit
        ).map { test in
            (test: test, strip: points.indices.map { statuses[test.identity]?[$0] })
        }
        let slowest = try store.slowest(phase: .total, lastRuns: last, limit: listLimit * 4)
            .filter { keeps($0.identity) }.prefix(listLimit).map { stats in
                let grown = Self.grownPhase(timings[stats.identity] ?? [:])
                return SlowTest(stats: stats, grownPhase: grown?.phase, growthMs: grown?.ms ?? 0)
            }
        return HistoryReport(
            points: points,
            trends: Array(trends.prefix(trendLimit)),
            flaky: Array(flaky),
            slowest: Array(slowest),
            comparison: try compareLast(pointRuns, store: store, keeps: keeps),
            window: last,
            suites: suites
        )
    }

    /// The phase whose latest value exceeds the median of the earlier ones by the most milliseconds.
    static func grownPhase(_ byPoint: [Int: TimingSummary]) -> (phase: TimingPhase, ms: Double)? {
        guard let latest = byPoint.keys.max(), byPoint.count > 1, let now = byPoint[latest] else { return nil }
        let earlier = byPoint.filter { $0.key != latest }.map(\.value)
        let phases: [(TimingPhase, (TimingSummary) -> Double)] = [
            (.dns, \.dnsMs), (.connect, \.connectMs), (.tls, \.tlsMs), (.ttfb, \.ttfbMs), (.download, \.downloadMs),
        ]
        let growth = phases.map { phase, value in
            (phase: phase, ms: value(now) - Percentiles.median(earlier.map(value).sorted()))
        }
        guard let most = growth.max(by: { $0.ms < $1.ms }), most.ms > 0 else { return nil }
        return most
    }

    /// The last point against the one before: one comparison for two single runs, else one per shard label
    /// present in both, put together.
    static func compareLast(
        _ pointRuns: [[RunRecord]],
        store: any HistoryStoring,
        keeps: (TestIdentity) -> Bool
    ) throws -> RunComparison? {
        guard pointRuns.count >= 2 else { return nil }
        let before = pointRuns[pointRuns.count - 2]
        let after = pointRuns[pointRuns.count - 1]
        var pairs: [(RunRecord, RunRecord)] = []
        if before.count == 1 && after.count == 1 {
            pairs = [(before[0], after[0])]
        } else {
            for run in after {
                if let match = before.first(where: { $0.shard == run.shard }) { pairs.append((match, run)) }
            }
        }
        var merged: RunComparison?
        for (a, b) in pairs {
            var c = try store.compare(a.id, b.id, thresholdPercent: 20)
            c.newlyFailing = c.newlyFailing.filter { keeps($0.identity) }
            c.newlyPassing = c.newlyPassing.filter { keeps($0.identity) }
            c.timeChanged = c.timeChanged.filter { keeps($0.identity) }
            c.moved = c.moved.filter { keeps($0.identity) }
            c.added = c.added.filter(keeps)
            c.removed = c.removed.filter(keeps)
            if var m = merged {
                m.newlyFailing += c.newlyFailing
                m.newlyPassing += c.newlyPassing
                m.timeChanged += c.timeChanged
                m.moved += c.moved
                m.added += c.added
                m.removed += c.removed
                merged = m
            } else {
                merged = c
            }
        }
        return merged
    }
}

extension HistoryReport {
    /// Writes a page whole or not at all.
    /// - Throws: `ReportError.cannotWrite`.
    public static func write(_ page: String, to path: String) throws {
        try ReportFile.write(Data(page.utf8), to: path)
    }
}
