import AFRunner
import AFSuite

extension RunPlan {
    /// `--rerun-failed`'s selection: the tests whose last outcome was a failure or an error, and every
    /// selected test of a suite whose `setup` or `teardown` failed or errored the last time it ran.
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
