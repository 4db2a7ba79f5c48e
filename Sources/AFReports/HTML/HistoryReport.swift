import AFHistory
import AFRunner
import Foundation

/// What `afrun history report --html FILE` shows, read from the history through its query API: pass rates
/// per run (the runs of one run group, a pipeline's shards and reruns, merged into one point; without a group,
/// the runs with a shard and the same commit),
/// duration trends per test, the flaky tests, the slowest tests with the phase that grew, and a comparison
/// of the last two runs.
public struct HistoryReport: Sendable {
    /// One run, or the runs of one pipeline merged.
    public struct Point: Sendable {
        /// `group ID`, the commit the shards ran (no group), or the run id.
        public var label: String
        /// The earliest start among the runs.
        public var startedAt: Date
        /// The git commit and branch, when known.
        public var gitCommit: String?
        public var gitBranch: String?
        /// Counts over the tests the report covers, each at its latest outcome among the point's runs.
        public var passed = 0, failed = 0, errors = 0, skipped = 0
        /// The runs merged into the point, oldest first.
        public var runIDs: [String]
        /// Shard labels (`1/2`) of the runs, in order.
        public var shards: [String]
        /// `complete`, or how a run of the point did not complete (`interrupted` by a signal, `incomplete`
        /// when the history could not keep every result, `running`): its counts miss the tests it did not run.
        public var status: RunStatus = .complete

        /// What the runs table says after the label: how many shards or runs the point puts together.
        var runsNote: String {
            if runIDs.count > 1 && shards.count != runIDs.count { return " (\(runIDs.count) runs)" }
            if shards.isEmpty { return "" }
            return shards.count == 1 ? " (1 shard)" : " (\(shards.count) shards)"
        }

        /// Share of passed among the tests that ran (0...1); nil when none ran.
        public var passRate: Double? {
            let ran = passed + failed + errors
            return ran == 0 ? nil : Double(passed) / Double(ran)
        }
    }

    /// A slow test and the phase whose median grew most from the older runs to the latest.
    public struct SlowTest: Sendable {
        public var stats: PhaseStats
        public var grownPhase: TimingPhase?
        public var growthMs: Double
    }

    /// Runs, oldest first.
    public var points: [Point]
    /// Per-test trends (the slowest by p95 in the window), each point a run.
    public var trends: [TrendSeries]
    /// Flaky tests with their outcome in each point (nil: not run there).
    public var flaky: [(test: FlakyTest, strip: [TestStatus?])]
    /// The slowest tests.
    public var slowest: [SlowTest]
    /// The last point compared with the one before.
    public var comparison: RunComparison?
    /// The window and the suites the report was asked for.
    public var window: Int
    public var suites: [String]
}
