import Foundation

/// Receives a run as it happens: its start, every finished result at once, and its end.
/// The history store and the reporters implement it. Results arrive already redacted.
public protocol ResultSink: Sendable {
    /// A run started.
    func runDidStart(_ run: RunInfo) async throws
    /// A test finished (results arrive in completion order).
    func record(_ result: TestResult, in run: RunInfo) async throws
    /// Tests finished (one or more), in completion order; the runner hands every result this way, but to an
    /// `InlineResultSink` (`accept`). A store can write them in one transaction, or queue them for a later one
    /// as long as `runDidFinish` stores what is left; the default records them one by one.
    func record(contentsOf results: [TestResult], in run: RunInfo) async throws
    /// The run ended: `.complete`, or `.interrupted` on SIGINT/SIGTERM.
    func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws
    /// How much of a passed result this sink reads (`.full`, the default, for a sink that may show
    /// any of it). The runner builds no more than its sinks read.
    var passedResultDetail: PassedResultDetail { get }
    /// The run's last results are in flight: all but the last few (an eighth of the run, at most 256) were
    /// handed over. A store that holds work back for later (a commit) may do it now, so that little is left
    /// when the run ends. Called once, from the thread that reported the result; it must return at once. The
    /// default does nothing.
    func runIsEnding(_ run: RunInfo)
    /// This sink as an `InlineResultSink` when it is one, else nil: the runner asks once per run, without a
    /// dynamic cast (`as? any InlineResultSink` scans the binary's conformance records the first time it
    /// meets each type). Provided by the protocol extensions; do not implement it.
    var inlineSink: (any InlineResultSink)? { get }
}

/// A sink that takes each finished result on the thread that finished it, at once: the runner calls
/// `accept(_:in:)` for every result instead of queueing results for it and handing them over from a task of
/// its own (`record(contentsOf:)` and the runner's queue are not used for it).
///
/// For a sink that only queues the result for work of its own (the history store's writer, which gathers and
/// batches by itself): the runner's queue and its task wake-ups would only add hand-offs, and
/// at the run's end its last hand-over would stand between the last result and `runDidFinish`.
/// `runDidStart`, `runIsEnding` and `runDidFinish` come as for any sink, and `runDidFinish` comes after every
/// `accept`.
public protocol InlineResultSink: ResultSink {
    /// Takes one finished result (completion order; concurrent callers are serialized by the sink). Called on
    /// the runner's threads while requests run: it must return at once and never wait.
    func accept(_ result: TestResult, in run: RunInfo)
}

extension InlineResultSink {
    /// This sink.
    public var inlineSink: (any InlineResultSink)? { self }
}

extension ResultSink {
    /// Every part of a passed result.
    public var passedResultDetail: PassedResultDetail { .full }

    /// Nothing to do.
    public func runIsEnding(_ run: RunInfo) {}

    /// Not an inline sink.
    public var inlineSink: (any InlineResultSink)? { nil }

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

    /// Creates run info.
    public init(
        id: String = UUID().uuidString, startedAt: Date = Date(), commandLine: [String], host: String,
        afrunVersion: String, libcurlVersion: String, opensslVersion: String, gitCommit: String? = nil,
        gitBranch: String? = nil, shard: String? = nil
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
    public init(passed: Int = 0, failed: Int = 0, errors: Int = 0, skipped: Int = 0, durationMs: Double = 0, p50Ms: Double? = nil, p95Ms: Double? = nil) {
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
