import AFRunner
import Foundation

/// One test's verdict over one or more runs, as a comparison reads it: the outcome of a pipeline whose
/// shards and `--rerun-failed` runs each ran some of its tests.
public struct TestOutcome: Sendable, Hashable {
    /// The latest status that was a verdict (a skip only when the runs have nothing else).
    public var status: TestStatus
    /// The duration of that result, in milliseconds.
    public var durationMs: Double
    /// Its failure messages.
    public var messages: [String]

    public init(status: TestStatus, durationMs: Double, messages: [String]) {
        self.status = status
        self.durationMs = durationMs
        self.messages = messages
    }

    /// Each test's latest outcome among `results`, given oldest first. A later skip does not hide an earlier
    /// verdict: a rerun that skips a test (`--fail-fast`, an interruption) has not judged it again.
    public static func latest(_ results: [ResultRecord]) -> [TestIdentity: TestOutcome] {
        var outcomes: [TestIdentity: TestOutcome] = [:]
        for result in results {
            if result.status == .skipped, outcomes[result.identity] != nil { continue }
            outcomes[result.identity] = TestOutcome(
                status: result.status,
                durationMs: result.durationMs,
                messages: result.failureMessages
            )
        }
        return outcomes
    }
}

extension RunComparison {
    /// Two sets of outcomes compared as `compare` compares two runs: each test listed once (newly failing,
    /// newly passing, slower or faster beyond the threshold, moved), the rest added or removed.
    /// - Parameters:
    ///   - base: the run that stands for A (a group's latest run).
    ///   - head: the run that stands for B.
    ///   - before: A's outcomes, `TestOutcome.latest` of A's runs.
    ///   - after: B's outcomes.
    ///   - thresholdPercent: the duration change (in percent of A) beyond which a test is listed.
    public init(
        base: RunRecord,
        head: RunRecord,
        before: [TestIdentity: TestOutcome],
        after: [TestIdentity: TestOutcome],
        thresholdPercent: Double
    ) {
        let outcome = { (test: TestOutcome) in
            HistoryAnswers.Outcome(status: test.status, durationMs: test.durationMs, messages: test.messages)
        }
        let names = Dictionary(uniqueKeysWithValues: Set(before.keys).union(after.keys).map { ($0, $0) })
        self = HistoryAnswers.comparison(
            base,
            head,
            before: before.mapValues(outcome),
            after: after.mapValues(outcome),
            names: names,
            thresholdPercent: thresholdPercent
        )
    }
}
