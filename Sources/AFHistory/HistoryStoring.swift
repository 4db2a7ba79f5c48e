import AFRunner

/// What `afrun run` and `afrun history` need of a run history, whichever database holds it: the sink a run
/// records into, and the queries. `HistoryStore` keeps it in one SQLite file; `PostgresHistory` in a
/// PostgreSQL database that many runners share (through a local SQLite spool, so a server that is down
/// never fails a run).
///
/// The queries block the calling thread until they are answered (a PostgreSQL server within the bounds
/// of `PostgresLocation.connectTimeout` and `PostgresSession.queryTimeout`, or, for a run's store, within
/// `PostgresHistory.timeout` in all), and so does `close()`. Async code runs them on a thread of their own
/// (`HistoryThread.run`), and calls `close() async`, rather than hold a thread of Swift's shared executor
/// (one per core) while they wait.
public protocol HistoryStoring: ResultSink, AnyObject {
    /// Where the history is, for messages: a file path, or a PostgreSQL URL with its password masked.
    var location: String { get }
    /// How much of a passed result the store reads (`RunOptions.passedResultDetail`).
    var passedResultDetail: PassedResultDetail { get }
    /// Problems a run should print once, as a warning, after it ended (a shared history that could not be
    /// reached: the run was kept in the spool). Taken once: a second call returns none.
    func takeWarnings() -> [String]
    /// Commits what is queued and closes the store; further calls fail.
    func close() throws

    /// The latest runs, newest first (up to `last`).
    func runs(last: Int) throws -> [RunRecord]
    /// The run a reference names: a full id, an unambiguous id prefix, `latest` or `previous`.
    func run(_ reference: String) throws -> RunRecord
    /// Every result of a run, in the order they were recorded.
    func results(ofRun reference: String) throws -> (run: RunRecord, results: [ResultRecord])
    /// One test's results over the latest runs that ran it, newest first.
    func testHistory(_ name: String, last: Int) throws -> [ResultRecord]
    /// Each test's outcome the last time it ran, skips excluded (`--rerun-failed`, `--failed-first`); a skip
    /// because the run was interrupted counts as `error` (the test got no verdict).
    func lastRunStatuses() throws -> [TestIdentity: TestStatus]
    /// Each test's latest outcome in the runs of one run group, as `lastRunStatuses()` reads it, and `skipped`
    /// for a test those runs only skipped (`--rerun-failed` in a pipeline). A test missing from the answer got
    /// no verdict in that pipeline: its job ended (killed, runner lost) before recording it, or `--fail-fast`
    /// stopped its run before it (`SkipReason.failFast`: such skips are left out).
    /// - Parameter group: the run group (`RunInfo.runGroup`).
    /// - Returns: nil when the history holds no run of the group.
    func lastRunStatuses(inRunGroup group: String) throws -> [TestIdentity: TestStatus]?
    /// Each test's median duration over the latest `lastRuns` runs, skips excluded (`--shard`).
    ///
    /// With a `group`, the runs of that run group count neither in the window nor for durations: the shards
    /// of one pipeline, and a re-run of one of them that restores a history holding the first attempt's runs,
    /// all read the same durations and so compute the same split.
    /// - Parameters:
    ///   - lastRuns: the window, in runs.
    ///   - group: the current run's group (`RunInfo.runGroup`), or nil to count every run.
    func medianDurations(lastRuns: Int, excludingRunGroup group: String?) throws -> [TestIdentity: Double]
    /// Tests whose outcome changed within the latest `lastRuns` runs, most flaky first.
    func flakyTests(lastRuns: Int, includeStable: Bool) throws -> [FlakyTest]
    /// Tests ranked by the 95th percentile of a phase, slowest first.
    func slowest(phase: TimingPhase, lastRuns: Int, limit: Int) throws -> [PhaseStats]
    /// p50/p95 of a phase per run, one series per suite or test.
    func trends(lastRuns: Int, grouping: TrendGrouping, phase: TimingPhase) throws -> [TrendSeries]
    /// What changed from run `base` to run `head`.
    func compare(_ base: String, _ head: String, thresholdPercent: Double) throws -> RunComparison
    /// Deletes all but the latest `keep` runs.
    func prune(keep: Int) throws -> PruneOutcome
    /// Copies in the runs of an afrun SQLite history file that this history does not have yet (by run id).
    /// - Returns: how many runs were copied; a second merge of the same file copies none.
    func merge(from otherPath: String) throws -> Int
}

extension HistoryStoring {
    /// Each test's median duration over the latest `lastRuns` runs, every run counted.
    public func medianDurations(lastRuns: Int) throws -> [TestIdentity: Double] {
        try medianDurations(lastRuns: lastRuns, excludingRunGroup: nil)
    }

    /// `history`, as failures name it (the error says which database).
    public var outputName: String { "history" }

    /// Each test's flakiness score (0...1) over the latest `lastRuns` runs; see `FlakyTest.score`.
    public func flakiness(lastRuns: Int) throws -> [TestIdentity: Double] {
        Dictionary(
            uniqueKeysWithValues: try flakyTests(lastRuns: lastRuns, includeStable: true).map {
                ($0.identity, $0.score)
            }
        )
    }
}
