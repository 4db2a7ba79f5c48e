import AFRunner
import Foundation

/// One run as the history holds it.
public struct RunRecord: Sendable, Hashable, Codable {
    /// The run's id (UUID).
    public var id: String
    /// Its position in the history (1 for the first run recorded); orders runs.
    public var sequence: Int64
    /// When it started.
    public var startedAt: Date
    /// When it ended, if it did.
    public var finishedAt: Date?
    /// `running`, `complete` or `interrupted`.
    public var status: RunStatus
    /// The command line, redacted.
    public var commandLine: [String]
    /// The host it ran on.
    public var host: String
    /// afrun's version.
    public var afrunVersion: String
    /// libcurl's version.
    public var libcurlVersion: String
    /// OpenSSL's version.
    public var opensslVersion: String
    /// The git commit, when known.
    public var gitCommit: String?
    /// The git branch, when known.
    public var gitBranch: String?
    /// `K/N` when sharded.
    public var shard: String?
    /// The pipeline it belongs to (`--run-group`; schema version 8), shared by the shards of one pipeline.
    public var runGroup: String?
    /// The results the run meant to record when it started (schema version 9; nil before): its tests, with
    /// their suites' setup and teardown tests. An interrupted or incomplete run recorded fewer (`total`).
    public var plannedTests: Int?
    /// Tests passed.
    public var passed: Int
    /// Tests failed.
    public var failed: Int
    /// Tests errored.
    public var errors: Int
    /// Tests skipped.
    public var skipped: Int
    /// Wall time, when finished.
    public var durationMs: Double?
    /// Median request time.
    public var p50Ms: Double?
    /// 95th percentile request time.
    public var p95Ms: Double?
    /// How much of each result the run kept (`all` for runs recorded before schema version 2).
    public var historyDetail: HistoryDetail

    /// All tests recorded.
    public var total: Int { passed + failed + errors + skipped }
}
