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
    /// Results that passed: the suites' tests and their setup and teardown tests (`tests` leaves those out).
    public var passed: Int
    /// Results that failed.
    public var failed: Int
    /// Results that errored.
    public var errors: Int
    /// Results skipped.
    public var skipped: Int
    /// Wall time of the run in milliseconds.
    public var durationMs: Double
    /// Median total time of the requests, in milliseconds.
    public var p50Ms: Double?
    /// 95th percentile.
    public var p95Ms: Double?
    /// The setup tests' outcomes, when the run had any (they are in the counts above too).
    public var setup: OutcomeCounts?
    /// The teardown tests' outcomes, when the run had any (in the counts above too).
    public var teardown: OutcomeCounts?

    /// Creates a summary.
    public init(
        passed: Int = 0,
        failed: Int = 0,
        errors: Int = 0,
        skipped: Int = 0,
        durationMs: Double = 0,
        p50Ms: Double? = nil,
        p95Ms: Double? = nil,
        setup: OutcomeCounts? = nil,
        teardown: OutcomeCounts? = nil
    ) {
        self.passed = passed
        self.failed = failed
        self.errors = errors
        self.skipped = skipped
        self.durationMs = durationMs
        self.p50Ms = p50Ms
        self.p95Ms = p95Ms
        self.setup = setup
        self.teardown = teardown
    }

    /// All results.
    public var total: Int { passed + failed + errors + skipped }

    /// The suites' own tests: the counts without setup and teardown tests, as the summary line and every report
    /// show them (setup and teardown are counted apart, `phaseNotes`).
    public var tests: OutcomeCounts {
        var counts = OutcomeCounts(passed: passed, failed: failed, errors: errors, skipped: skipped)
        for phase in [setup, teardown] {
            guard let phase else { continue }
            counts.passed -= phase.passed
            counts.failed -= phase.failed
            counts.errors -= phase.errors
            counts.skipped -= phase.skipped
        }
        return counts
    }

    /// `setup 1 (1 failed)`, `teardown 2`: the setup and teardown tests of the run, each with what did not pass.
    public var phaseNotes: [(text: String, hasProblems: Bool)] {
        [("setup", setup), ("teardown", teardown)].compactMap { name, counts in
            guard let counts else { return nil }
            let text = "\(name) \(counts.total)"
            return counts.problems.map { (text + " (" + $0 + ")", true) } ?? (text, false)
        }
    }
}

/// How many results passed, failed, errored and were skipped.
public struct OutcomeCounts: Sendable, Hashable, Codable {
    /// Results that passed.
    public var passed = 0
    /// Results that failed.
    public var failed = 0
    /// Results that errored.
    public var errors = 0
    /// Results skipped.
    public var skipped = 0

    /// Creates counts.
    public init(passed: Int = 0, failed: Int = 0, errors: Int = 0, skipped: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.errors = errors
        self.skipped = skipped
    }

    /// All of them.
    public var total: Int { passed + failed + errors + skipped }

    /// What did not pass (`1 failed, 2 errors`), nil when everything passed.
    public var problems: String? {
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) failed") }
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The sum of two counts, either of which may be absent.
    public static func combined(_ a: OutcomeCounts?, _ b: OutcomeCounts?) -> OutcomeCounts? {
        guard let a else { return b }
        guard let b else { return a }
        return OutcomeCounts(
            passed: a.passed + b.passed,
            failed: a.failed + b.failed,
            errors: a.errors + b.errors,
            skipped: a.skipped + b.skipped
        )
    }

    /// Counts one result with `status`.
    mutating func add(_ status: TestStatus) {
        switch status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
    }
}
