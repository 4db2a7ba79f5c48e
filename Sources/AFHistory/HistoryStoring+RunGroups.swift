import AFRunner
import Foundation

/// Run groups (the runs of one CI pipeline: its shards and its `--rerun-failed` runs) read through the query
/// API, so that every backend answers alike.
extension HistoryStoring {
    /// The latest `count` run groups, newest first, each with its runs (newest first). A window of runs can
    /// cut its oldest group in two (a pipeline's first shard just outside it), so runs are read in a growing
    /// window until it holds a group more than asked, or the whole history.
    public func latestRunGroups(_ count: Int) throws -> [[RunRecord]] {
        var window = max(count, 1) * 2
        while true {
            let runs = try runs(last: window)
            let groups = RunGroupSummary.members(runs)
            if groups.count > count || runs.count < window { return Array(groups.prefix(count)) }
            window *= 2
        }
    }

    /// One run group's runs, newest first.
    /// - Parameter reference: a run group id (`--run-group`, the CI's pipeline id), `latest` or `previous`
    ///   (the group before the latest; there a run without a group is a group of its own).
    /// - Throws: `HistoryError.runGroupNotFound` when no run has that group.
    public func runGroup(_ reference: String) throws -> [RunRecord] {
        if reference == "latest" || reference == "previous" {
            let index = reference == "latest" ? 0 : 1
            let groups = try latestRunGroups(index + 1)
            guard groups.count > index else { throw HistoryError.runGroupNotFound(reference) }
            return groups[index]
        }
        var window = 64
        while true {
            let runs = try runs(last: window)
            let groups = RunGroupSummary.members(runs)
            let exhausted = runs.count < window
            if let index = groups.firstIndex(where: { $0.first?.runGroup == reference }),
                index < groups.count - 1 || exhausted
            {
                return groups[index]
            }
            if exhausted { throw HistoryError.runGroupNotFound(reference) }
            window *= 2
        }
    }

    /// Each test's latest outcome over `runs`: what a pipeline made of it once its reruns were done.
    public func outcomes(ofRuns runs: [RunRecord]) throws -> [TestIdentity: TestOutcome] {
        var results: [ResultRecord] = []
        for run in runs.sorted(by: { $0.sequence < $1.sequence }) {
            results += try self.results(ofRun: run.id).results
        }
        return TestOutcome.latest(results)
    }

    /// What changed from run group A to run group B, each test at its latest outcome in its group: a test
    /// that failed in a shard and passed in the rerun counts as passed, and one the rerun did not select is
    /// not removed.
    /// - Parameters:
    ///   - base: group A (an id, `latest`, `previous`).
    ///   - head: group B.
    ///   - thresholdPercent: the duration change (in percent of A) beyond which a test is listed.
    /// - Throws: `HistoryError.runGroupNotFound`, `.invalidArgument` for a negative threshold.
    public func compareRunGroups(_ base: String, _ head: String, thresholdPercent: Double) throws -> RunComparison {
        try HistoryAnswers.checkThreshold(thresholdPercent)
        let runsA = try runGroup(base)
        let runsB = try runGroup(head)
        let before = try outcomes(ofRuns: runsA)
        let after = try outcomes(ofRuns: runsB)
        var comparison = RunComparison(
            base: runsA[0],
            head: runsB[0],
            before: before,
            after: after,
            thresholdPercent: thresholdPercent
        )
        comparison.baseGroup = RunGroupSummary.summary(runsA).counting(before.mapValues(\.status))
        comparison.headGroup = RunGroupSummary.summary(runsB).counting(after.mapValues(\.status))
        return comparison
    }
}

extension RunGroupSummary {
    /// The summary with counts of `statuses`, each test once at its latest outcome in the group, rather than
    /// the sum of its runs' results (a test that failed in a shard and passed in the rerun counted twice).
    public func counting(_ statuses: [TestIdentity: TestStatus]) -> RunGroupSummary {
        var group = self
        group.passed = statuses.values.filter { $0 == .passed }.count
        group.failed = statuses.values.filter { $0 == .failed }.count
        group.errors = statuses.values.filter { $0 == .error }.count
        group.skipped = statuses.values.filter { $0 == .skipped }.count
        return group
    }
}
