/// How much of a passed result the runner builds (`RunOptions.passedResultDetail`). A result that
/// failed or errored, and a test that captures, always gets everything; for the passed ones a run builds
/// only what its outputs read (the caller knows which), since the texts, headers and excerpts of
/// thousands of passed results cost more than the checks themselves.
public enum PassedResultDetail: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Identity, status, attempts, durations, timings and TLS summary. Assertions are checked without
    /// building their texts; only their number is kept (`TestResult.assertionCount`).
    case none
    /// Also the request's method and URL and the response's status, HTTP version, remote address and
    /// body size, without headers or excerpts: what a history at the `failures` detail level stores.
    case summary
    /// Everything: both summaries with headers and excerpts, and every assertion with its texts.
    case full

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
