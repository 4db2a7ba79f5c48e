import AFRunner

/// A test whose outcome is unstable over recent runs.
public struct FlakyTest: Sendable, Hashable, Codable {
    /// Which test.
    public var identity: TestIdentity
    /// Runs in the window that ran it (skips not counted).
    public var runs: Int
    /// Times its outcome changed between consecutive runs (pass ↔ fail/error).
    public var flips: Int
    /// Runs where it passed only after a retry.
    public var retriedPasses: Int
    /// Runs where it failed or errored.
    public var failures: Int
    /// `(flips + retriedPasses) / max(1, runs - 1)`, at most 1: the ranking key. A single flip with no retried
    /// pass scores 0: the test broke (or was fixed) and stayed so.
    public var score: Double
    /// Its outcome in the latest of those runs.
    public var lastStatus: TestStatus
}
