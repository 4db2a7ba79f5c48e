import AFRunner
import Foundation

/// Writes the whole run as one JSON document when it finishes (`--report-json FILE`).
///
/// Layout (documented in docs/ci.md): `{"format": "afrun-report", "version": 1, "run": RunInfo,
/// "status": RunStatus, "summary": RunSummary + "total", "suites": [{"file", "name", "tests", "passed",
/// "failed", "errors", "skipped", "durationMs", "results": [TestResult]}], "loadErrors": [SuiteLoadFailure]}`
/// (`loadErrors` only when a suite did not load), dates in ISO 8601, keys sorted.
public final class JSONReporter: ResultSink {
    /// The layout's version; bumped when a field changes meaning or disappears.
    public static let formatVersion = 1

    /// The file written.
    public let path: String
    /// Suite files that did not load, written under `loadErrors`.
    public let loadFailures: [SuiteLoadFailure]
    private let collector = ResultCollector()

    /// `--report-json`, as failures name it.
    public var outputName: String { "--report-json" }

    /// Creates a reporter.
    /// - Parameters:
    ///   - path: the JSON file to write when the run finishes.
    ///   - loadFailures: the problems of the suite files that did not load.
    public init(path: String, loadFailures: [SuiteLoadFailure] = []) {
        self.path = path
        self.loadFailures = loadFailures
    }

    /// Nothing to do until the end.
    public func runDidStart(_ run: RunInfo) async throws {}

    /// Keeps the result.
    public func record(_ result: TestResult, in run: RunInfo) async throws {
        collector.append(result)
    }

    /// Writes the file.
    /// - Throws: `ReportError.encodingFailed` or `.cannotWrite`.
    public func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        try ReportFile.write(try document(run: run, summary: summary, status: status), to: path)
    }

    /// The encoded document for the results recorded so far.
    /// - Throws: `ReportError.encodingFailed`.
    public func document(run: RunInfo, summary: RunSummary, status: RunStatus) throws -> Data {
        var redactedRun = run
        redactedRun.commandLine = SinkRedactor.commandLine(run.commandLine)
        let report = Report(
            format: "afrun-report",
            version: Self.formatVersion,
            run: redactedRun,
            status: status,
            summary: ReportSummary(summary),
            suites: collector.bySuite.map { suite in
                let count = { (status: TestStatus) in suite.results.filter { $0.status == status }.count }
                return ReportSuite(
                    file: suite.file,
                    name: suite.name,
                    tests: suite.results.count,
                    passed: count(.passed),
                    failed: count(.failed),
                    errors: count(.error),
                    skipped: count(.skipped),
                    durationMs: suite.results.map(\.durationMs).reduce(0, +),
                    results: suite.results
                )
            },
            loadErrors: loadFailures.isEmpty ? nil : loadFailures
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf",
            negativeInfinity: "-inf",
            nan: "nan"
        )
        do {
            return try encoder.encode(report)
        } catch {
            throw ReportError.encodingFailed(format: "JSON", reason: "\(error)")
        }
    }
}

/// The top level of the JSON report.
struct Report: Encodable {
    var format: String
    var version: Int
    var run: RunInfo
    var status: RunStatus
    var summary: ReportSummary
    var suites: [ReportSuite]
    /// The suite files that did not load; absent when every suite loaded.
    var loadErrors: [SuiteLoadFailure]?
}

/// `RunSummary` with its totals spelled out: the counts of every result (what the exit status reads) flat at the
/// top, then the suites' own tests and their setup and teardown tests apart, as the summary line shows them.
struct ReportSummary: Encodable {
    /// Every result's outcome, written flat beside the other members (the layout consumers read).
    var all: Counts
    var details: Details

    /// What the summary holds besides the flat counts.
    struct Details: Encodable {
        var durationMs: Double
        var p50Ms, p95Ms: Double?
        var tests: Counts
        var setup, teardown: Counts?
    }

    /// `OutcomeCounts` with its total spelled out.
    struct Counts: Encodable {
        var counts: OutcomeCounts

        private enum CodingKeys: String, CodingKey { case total }

        /// The counts' own keys, then `total` beside them.
        func encode(to encoder: any Encoder) throws {
            try counts.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(counts.total, forKey: .total)
        }
    }

    init(_ summary: RunSummary) {
        all = Counts(
            counts: OutcomeCounts(
                passed: summary.passed,
                failed: summary.failed,
                errors: summary.errors,
                skipped: summary.skipped
            )
        )
        details = Details(
            durationMs: summary.durationMs,
            p50Ms: summary.p50Ms,
            p95Ms: summary.p95Ms,
            tests: Counts(counts: summary.tests),
            setup: summary.setup.map { Counts(counts: $0) },
            teardown: summary.teardown.map { Counts(counts: $0) }
        )
    }

    /// Both parts into one object: a keyed container asked for twice is the same object.
    func encode(to encoder: any Encoder) throws {
        try all.encode(to: encoder)
        try details.encode(to: encoder)
    }
}

/// One suite file's results.
struct ReportSuite: Encodable {
    var file: String
    var name: String
    var tests, passed, failed, errors, skipped: Int
    var durationMs: Double
    var results: [TestResult]
}
