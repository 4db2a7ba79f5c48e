import AFRunner

/// The difference between two runs (`history compare A B`).
public struct RunComparison: Sendable, Hashable, Codable {
    /// The earlier run (A).
    public var base: RunRecord
    /// The later run (B).
    public var head: RunRecord
    /// Passed in A, failed or errored in B.
    public var newlyFailing: [ComparedTest]
    /// Failed or errored in A, passed in B.
    public var newlyPassing: [ComparedTest]
    /// Ran in both, with a duration change beyond the threshold, largest change first.
    public var timeChanged: [ComparedTest]
    /// In B only.
    public var added: [TestIdentity]
    /// In A only.
    public var removed: [TestIdentity]
    /// The threshold used, in percent.
    public var thresholdPercent: Double
}

/// One test in a comparison.
public struct ComparedTest: Sendable, Hashable, Codable {
    /// Which test.
    public var identity: TestIdentity
    /// Its status in A.
    public var baseStatus: TestStatus
    /// Its status in B.
    public var headStatus: TestStatus
    /// Its duration in A, in milliseconds.
    public var baseMs: Double
    /// Its duration in B, in milliseconds.
    public var headMs: Double
    /// `(B - A) / A` in percent; nil when A took no time.
    public var changePercent: Double?
    /// B's failure messages.
    public var headMessages: [String]
}
