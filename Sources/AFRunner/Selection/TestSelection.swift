/// Orders and filters a plan from the outcomes of the last run: `--rerun-failed` and `--failed-first`.
public enum TestSelection {
    /// Whether an outcome counts as failing for selection (failed or error).
    public static func isFailing(_ status: TestStatus?) -> Bool {
        status == .failed || status == .error
    }

    /// Only the tests whose last recorded outcome was a failure or an error, in plan order.
    /// - Parameters:
    ///   - tests: the plan.
    ///   - lastStatuses: each test's outcome in the last run that ran it.
    /// - Returns: the failing subset; empty when nothing failed last time.
    public static func rerunFailed(_ tests: [TestIdentity], lastStatuses: [TestIdentity: TestStatus]) -> [TestIdentity]
    {
        rerunFailed(tests, lastStatuses: lastStatuses) { $0 }
    }

    /// The plan with last time's failures first, each group keeping plan order.
    /// - Parameters:
    ///   - tests: the plan.
    ///   - lastStatuses: each test's outcome in the last run that ran it.
    /// - Returns: the same tests, reordered.
    public static func failedFirst(_ tests: [TestIdentity], lastStatuses: [TestIdentity: TestStatus]) -> [TestIdentity]
    {
        failedFirst(tests, lastStatuses: lastStatuses) { $0 }
    }

    /// `rerunFailed` for any plan element that knows its identity.
    public static func rerunFailed<Element>(
        _ items: [Element],
        lastStatuses: [TestIdentity: TestStatus],
        identity: (Element) -> TestIdentity
    ) -> [Element] {
        items.filter { isFailing(lastStatuses[identity($0)]) }
    }

    /// `failedFirst` for any plan element that knows its identity.
    public static func failedFirst<Element>(
        _ items: [Element],
        lastStatuses: [TestIdentity: TestStatus],
        identity: (Element) -> TestIdentity
    ) -> [Element] {
        let failing = items.filter { isFailing(lastStatuses[identity($0)]) }
        let others = items.filter { !isFailing(lastStatuses[identity($0)]) }
        return failing + others
    }
}
