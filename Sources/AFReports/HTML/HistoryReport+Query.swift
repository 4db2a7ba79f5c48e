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
        var pointResults: [[ResultRecord]] = []
        var timings: [TestIdentity: [Int: TimingSummary]] = [:]
        var pointRuns: [[RunRecord]] = []
        for run in try Self.wholeGroups(store.runs(last: last + 1), last: last).reversed() {
            let key = Self.pointKey(of: run)
            let index: Int
            if let known = pointOfKey[key] {
                index = known
            } else {
                index = points.count
                pointOfKey[key] = index
                points.append(
                    Point(
                        label: Self.pointLabel(of: run),
                        startedAt: run.startedAt,
                        gitCommit: run.gitCommit,
                        gitBranch: run.gitBranch,
                        runIDs: [],
                        shards: []
                    )
                )
                pointResults.append([])
                pointRuns.append([])
            }
            points[index].runIDs.append(run.id)
            if let shard = run.shard { points[index].shards.append(shard) }
            pointRuns[index].append(run)
            if run.status != .complete { points[index].status = run.status }
            for result in try store.results(ofRun: run.id).results where keeps(result.identity) {
                pointResults[index].append(result)
                if let timing = result.timings { timings[result.identity, default: [:]][index] = timing }
            }
        }
        // A test a pipeline ran twice (failed in a shard, rerun with --rerun-failed) counts once, as it ended.
        let outcomes = pointResults.map(TestOutcome.latest)
        var statuses: [TestIdentity: [Int: TestStatus]] = [:]
        for (index, tests) in outcomes.enumerated() {
            for (identity, outcome) in tests {
                statuses[identity, default: [:]][index] = outcome.status
                switch outcome.status {
                case .passed: points[index].passed += 1
                case .failed: points[index].failed += 1
                case .error: points[index].errors += 1
                case .skipped: points[index].skipped += 1
                }
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
            comparison: compareLast(pointRuns, outcomes: outcomes),
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

    /// The latest `last` of `runs` (newest first, one more than the window), less the runs of a run group that
    /// started before the window: a point of a pipeline's rerun alone would read as that pipeline's pass rate.
    static func wholeGroups(_ runs: [RunRecord], last: Int) -> [RunRecord] {
        guard runs.count > last, let cut = runs[last].runGroup else { return Array(runs.prefix(last)) }
        return runs.prefix(last).filter { $0.runGroup != cut }
    }

    /// The runs that make one point: a run group's (a pipeline's shards and reruns), else the shards of one
    /// commit, else the run alone.
    static func pointKey(of run: RunRecord) -> String {
        if let group = run.runGroup { return "group " + group }
        if run.shard != nil, let commit = run.gitCommit { return "commit " + commit }
        return "run " + run.id
    }

    /// How the runs table names a point: its group, its commit (shards without a group), or its run.
    static func pointLabel(of run: RunRecord) -> String {
        if let group = run.runGroup { return "group " + group }
        if run.shard != nil, let commit = run.gitCommit { return String(commit.prefix(12)) }
        return String(run.id.prefix(8))
    }

    /// The last point against the one before, each test at its latest outcome in its point.
    static func compareLast(_ pointRuns: [[RunRecord]], outcomes: [[TestIdentity: TestOutcome]]) -> RunComparison? {
        guard pointRuns.count >= 2, let base = pointRuns[pointRuns.count - 2].last,
            let head = pointRuns[pointRuns.count - 1].last
        else { return nil }
        return RunComparison(
            base: base,
            head: head,
            before: outcomes[outcomes.count - 2],
            after: outcomes[outcomes.count - 1],
            thresholdPercent: 20
        )
        .ignoringTimeChanges(under: 5)
    }
}

extension HistoryReport {
    /// Writes a page whole or not at all.
    /// - Throws: `ReportError.cannotWrite`.
    public static func write(_ page: String, to path: String) throws {
        try ReportFile.write(Data(page.utf8), to: path)
    }
}
