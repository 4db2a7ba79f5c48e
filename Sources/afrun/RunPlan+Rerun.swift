import AFHistory
import AFRunner
import AFSuite

extension RunPlan {
    /// What `--rerun-failed` runs of the selection, and on what verdict.
    struct RerunChoice {
        /// The tests to run, in selection order.
        var tests: [TestIdentity]
        /// Whether outcomes in the history decided: an empty `tests` is then "nothing to rerun", not "no test
        /// selected".
        var knowsPlan: Bool
        /// The run group whose runs gave the outcomes, when one did.
        var group: String?
        /// Why more runs than the failures, said on stderr.
        var warnings: [String] = []
    }

    /// `--rerun-failed`'s choice among the selected tests (only those: a test this invocation does not select
    /// never runs, so jobs that filter differently each rerun their own).
    ///
    /// Without a run group, a test runs when its latest outcome in the history failed (`rerunFailed`). In a run
    /// group (`--run-group`, else the CI's pipeline id) the verdict is the group's: a test runs when it failed
    /// in the group's runs, or has no result there at all. A shard job killed before it recorded anything
    /// leaves its tests with passes from earlier pipelines only; taking those for this pipeline's verdict
    /// would print "nothing to rerun" and pass a job that never ran. When the history holds no run of the group,
    /// nothing of this pipeline was recorded, and every selected test runs; likewise when the history knows none
    /// of the selected tests (a cache that was not restored).
    /// - Parameters:
    ///   - lastStatuses: each test's latest outcome in the whole history.
    ///   - reader: the history, asked for the group's outcomes.
    ///   - location: the history as messages name it.
    static func rerunChoice(
        _ selected: [TestIdentity],
        suites: [Suite],
        lastStatuses: [TestIdentity: TestStatus],
        group: String?,
        reader: (any HistoryStoring)?,
        location: String
    ) -> RerunChoice {
        let everything = RerunChoice(tests: selected, knowsPlan: false)
        let broken = suitesWithFailedSetupOrTeardown(suites, lastStatuses: lastStatuses)
        guard selected.contains(where: { lastStatuses[$0] != nil || broken.contains($0.suiteFile) }) else {
            guard !selected.isEmpty else { return everything }
            // No verdict to go by (a new history, a cache not restored): running nothing would pass a step that
            // proved nothing, so everything runs, as pytest's `--lf` does without a cache.
            return RerunChoice(
                tests: selected,
                knowsPlan: false,
                warnings: [
                    "--rerun-failed: the history '\(location)' holds no result of any selected test, so every "
                        + "selected test runs (restore the history the failed run wrote: the same --db or AFRUN_DB, "
                        + "the same CI cache key)"
                ]
            )
        }
        guard let group else {
            return RerunChoice(
                tests: rerunFailed(selected, suites: suites, lastStatuses: lastStatuses),
                knowsPlan: true
            )
        }
        let inGroup: [TestIdentity: TestStatus]?
        do { inGroup = try reader?.lastRunStatuses(inRunGroup: group) } catch {
            var choice = everything
            choice.warnings = [
                "--rerun-failed: cannot read the outcomes of run group '\(group)', so every selected test runs: \(error)"
            ]
            return choice
        }
        guard let inGroup else {
            var choice = everything
            choice.warnings = [
                "--rerun-failed: the history '\(location)' holds no run of the run group '\(group)', so every "
                    + "selected test runs: nothing of this pipeline was recorded there (restore the history its "
                    + "jobs wrote; to rerun another pipeline's failures, pass its id as --run-group)"
            ]
            return choice
        }
        let missing = selected.filter { inGroup[$0] == nil }
        let failing = Set(rerunFailed(selected, suites: suites, lastStatuses: inGroup))
        var choice = RerunChoice(
            tests: selected.filter { inGroup[$0] == nil || failing.contains($0) },
            knowsPlan: true,
            group: group
        )
        if !missing.isEmpty {
            let count = missing.count == 1 ? "1 selected test has" : "\(missing.count) selected tests have"
            choice.warnings.append(
                "--rerun-failed: \(count) no result in the run group '\(group)', so they run too (a job that "
                    + "ended before running them: killed, out of memory, runner lost, --fail-fast)"
            )
        }
        return choice
    }

    /// `--rerun-failed`'s selection from outcomes: the tests whose last outcome was a failure or an error, and
    /// every selected test of a suite whose `setup` or `teardown` failed or errored the last time it ran.
    ///
    /// A failed setup skips its suite's tests, and a skip leaves each test the outcome it had before (often
    /// a pass), so the failures alone would rerun nothing and exit 0 while the setup still fails; a failed
    /// teardown leaves passed tests behind it. Those tests run again, and their setup and teardown with them
    /// (pytest's `--lf` counts a test whose fixture errored as an error for the same reason).
    static func rerunFailed(
        _ selected: [TestIdentity],
        suites: [Suite],
        lastStatuses: [TestIdentity: TestStatus]
    ) -> [TestIdentity] {
        let broken = suitesWithFailedSetupOrTeardown(suites, lastStatuses: lastStatuses)
        return selected.filter { TestSelection.isFailing(lastStatuses[$0]) || broken.contains($0.suiteFile) }
    }

    /// The files of the suites whose setup or teardown test failed or errored the last time it ran.
    static func suitesWithFailedSetupOrTeardown(
        _ suites: [Suite],
        lastStatuses: [TestIdentity: TestStatus]
    ) -> Set<String> {
        var files = Set<String>()
        for suite in suites {
            let phases =
                suite.setup.map { TestPhase.setup.resultName($0.name) }
                + suite.teardown.map { TestPhase.teardown.resultName($0.name) }
            let failed = phases.contains { name in
                TestSelection.isFailing(
                    lastStatuses[TestIdentity(suiteFile: suite.displayPath, suiteName: suite.name, testName: name)]
                )
            }
            if failed { files.insert(suite.displayPath) }
        }
        return files
    }
}
