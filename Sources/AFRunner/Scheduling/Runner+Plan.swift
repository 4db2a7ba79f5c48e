import AFSuite

extension Runner {
    /// How many results a run of `suites` records when it runs to its end: the tests the selection keeps,
    /// and the setup and teardown tests of the suites it keeps a test of. The history stores it at the run's
    /// start, so that a run cut short (a signal, a crash) shows how much of it is missing.
    func plannedResults(of suites: [Suite]) -> Int {
        suites.reduce(0) { total, suite in
            let selected: Int
            if let include = options.include {
                selected = suite.tests.indices.count { index in
                    let name = suite.tests.outline(at: index).name
                    return include(
                        TestIdentity(suiteFile: suite.displayPath, suiteName: suite.name, testName: name)
                    )
                }
            } else {
                selected = suite.tests.count
            }
            return total + (selected == 0 ? 0 : selected + suite.setup.count + suite.teardown.count)
        }
    }
}
