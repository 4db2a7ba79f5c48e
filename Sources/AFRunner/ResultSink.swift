import Foundation

/// Receives a run as it happens: its start, its finished results, and its end. The history store and the
/// reporters implement it. Results arrive already redacted, in completion order, from one task at a time
/// per sink.
public protocol ResultSink: Sendable {
    /// A run started.
    func runDidStart(_ run: RunInfo) async throws
    /// A test finished.
    func record(_ result: TestResult, in run: RunInfo) async throws
    /// Tests finished (one or more), in completion order: the runner hands over every result this way,
    /// those that finished while the sink was busy together. The default records them one by one.
    func record(contentsOf results: [TestResult], in run: RunInfo) async throws
    /// The run ended: `.complete`, or `.interrupted` on SIGINT/SIGTERM. A sink that could not keep the whole
    /// run throws here, after doing what it could.
    func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws
    /// How a message names this sink when it fails: the option that asked for it (`--junit`), so that the
    /// user knows which flag to look at. The type's name by default.
    var outputName: String { get }
}

extension ResultSink {
    /// The type's name.
    public var outputName: String { "\(type(of: self))" }

    /// Records each result in turn.
    public func record(contentsOf results: [TestResult], in run: RunInfo) async throws {
        for result in results { try await record(result, in: run) }
    }
}

/// A run's lifecycle state as the history records it.
public enum RunStatus: String, Sendable, Hashable, Codable {
    /// Started, not finished.
    case running
    /// Finished normally.
    case complete
    /// Stopped by a signal, or found unfinished on the next open.
    case interrupted
    /// Finished, but the history could not store all of its results (a full disk, an I/O error): its
    /// totals count the results that were stored.
    case incomplete
}

/// What identifies a run and the environment it ran in.
public struct RunInfo: Sendable, Hashable, Codable {
    /// A unique id (UUID string).
    public var id: String
    /// When it started.
    public var startedAt: Date
    /// The command line (secrets redacted).
    public var commandLine: [String]
    /// The host name.
    public var host: String
    /// afrun's version.
    public var afrunVersion: String
    /// libcurl's version.
    public var libcurlVersion: String
    /// OpenSSL's version.
    public var opensslVersion: String
    /// The git commit, from CI variables or the repository, when known.
    public var gitCommit: String?
    /// The git branch, when known.
    public var gitBranch: String?
    /// `K/N` when sharded.
    public var shard: String?
    /// The pipeline the run belongs to (`--run-group`, by default the CI's pipeline id): the shards of one
    /// pipeline share it.
    public var runGroup: String?
    /// The results the run means to record: the tests its selection keeps, with the setup and teardown tests
    /// of their suites. `Runner.run` sets it before the sinks hear of the run.
    public var plannedTests: Int?

    /// Creates run info.
    public init(
        id: String = UUID().uuidString,
        startedAt: Date = Date(),
        commandLine: [String],
        host: String,
        afrunVersion: String,
        libcurlVersion: String,
        opensslVersion: String,
        gitCommit: String? = nil,
        gitBranch: String? = nil,
        shard: String? = nil,
        runGroup: String? = nil
    ) {
        self.id = id
        self.startedAt = startedAt
        self.commandLine = commandLine
        self.host = host
        self.afrunVersion = afrunVersion
        self.libcurlVersion = libcurlVersion
        self.opensslVersion = opensslVersion
        self.gitCommit = gitCommit
        self.gitBranch = gitBranch
        self.shard = shard
        self.runGroup = runGroup
    }
}

/// A run's totals.
public struct RunSummary: Sendable, Hashable, Codable {
    /// Tests that passed.
    public var passed: Int
    /// Tests that failed.
    public var failed: Int
    /// Tests that errored.
    public var errors: Int
    /// Tests skipped.
    public var skipped: Int
    /// Wall time of the run in milliseconds.
    public var durationMs: Double
    /// Median total time of the requests, in milliseconds.
    public var p50Ms: Double?
    /// 95th percentile.
    public var p95Ms: Double?

    /// Creates a summary.
    public init(
        passed: Int = 0,
        failed: Int = 0,
        errors: Int = 0,
        skipped: Int = 0,
        durationMs: Double = 0,
        p50Ms: Double? = nil,
        p95Ms: Double? = nil
    ) {
        self.passed = passed
        self.failed = failed
        self.errors = errors
        self.skipped = skipped
        self.durationMs = durationMs
        self.p50Ms = p50Ms
        self.p95Ms = p95Ms
    }

    /// All tests.
    public var total: Int { passed + failed + errors + skipped }
}
