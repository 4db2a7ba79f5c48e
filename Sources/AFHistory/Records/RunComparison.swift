import AFRunner

/// The difference between two runs (`history compare A B`).
public struct RunComparison: Sendable, Hashable, Codable {
    /// The earlier run (A).
    public var base: RunRecord
    /// The later run (B).
    public var head: RunRecord
    /// Passed in A, failed or errored in B (with its time change, whatever it is).
    public var newlyFailing: [ComparedTest]
    /// Failed or errored in A, passed in B (with its time change, whatever it is).
    public var newlyPassing: [ComparedTest]
    /// Ran in both with the same outcome, with a duration change beyond the threshold, largest change first.
    public var timeChanged: [ComparedTest]
    /// Ran in both from different suite files (the file moved or was renamed; matched by suite and test
    /// names), with no other change to list.
    public var moved: [ComparedTest] = []
    /// In B only.
    public var added: [TestIdentity]
    /// In A only.
    public var removed: [TestIdentity]
    /// The threshold used, in percent.
    public var thresholdPercent: Double
    /// With `compare --by-group`: run group A, its tests counted once at their latest outcome (`base` is its
    /// latest run).
    public var baseGroup: RunGroupSummary? = nil
    /// With `compare --by-group`: run group B (`head` is its latest run).
    public var headGroup: RunGroupSummary? = nil
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
    /// A's suite file, when the test ran from another file in A (its suite file moved); nil otherwise.
    public var movedFrom: String? = nil
}

extension RunComparison {
    /// The comparison without the time changes smaller than `milliseconds`, however large in percent: a test
    /// of 0.8 ms that took 3.7 ms is +348% and says nothing. A moved test among them is listed as moved.
    public func ignoringTimeChanges(under milliseconds: Double) -> RunComparison {
        var kept = self
        let small = { (test: ComparedTest) in abs(test.headMs - test.baseMs) < milliseconds }
        kept.timeChanged = timeChanged.filter { !small($0) }
        kept.moved += timeChanged.filter { small($0) && $0.movedFrom != nil }
        kept.moved.sort { TestIdentity.sortsBefore($0.identity, $1.identity) }
        return kept
    }
}
