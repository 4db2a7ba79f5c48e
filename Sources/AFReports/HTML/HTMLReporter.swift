import AFRunner
import Foundation
import Locking

/// Writes a self-contained HTML page of the run when it finishes (`--html FILE`): header, charts, a table
/// of every test and the details of each failure, with inline CSS and SVG and no request to the network.
///
/// One reporter may serve every run of `afrun run --repeat N`: the page is rewritten after each run and
/// holds all runs so far, each result tagged with its run.
public final class HTMLReporter: ResultSink {
    /// The file written.
    public let path: String
    private let collector = ResultCollector()
    private let finished = LockedValue<[RunReportPage.Run]>([])
    private let unloaded: LockedValue<[SuiteLoadFailure]>

    /// `--html`, as failures name it.
    public var outputName: String { "--html" }

    /// Creates a reporter.
    /// - Parameters:
    ///   - path: the HTML file to write when a run finishes.
    ///   - loadFailures: the problems of the suite files that did not load, shown in a section of their own.
    public init(path: String, loadFailures: [SuiteLoadFailure] = []) {
        self.path = path
        self.unloaded = LockedValue(loadFailures)
    }

    /// The problems of the suite files that did not load, shown on the page written next: `--watch` loads the
    /// suites again before each run and sets them anew.
    public var loadFailures: [SuiteLoadFailure] {
        get { unloaded.withLock { $0 } }
        set { unloaded.withLock { $0 = newValue } }
    }

    /// Starts collecting the run's results.
    public func runDidStart(_ run: RunInfo) async throws {
        collector.removeAll()
    }

    /// Keeps the result (redacted).
    public func record(_ result: TestResult, in run: RunInfo) async throws {
        collector.append(result)
    }

    /// Writes the page with this run and those before it.
    /// - Throws: `ReportError.cannotWrite`.
    public func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        var redacted = run
        redacted.commandLine = SinkRedactor.commandLine(run.commandLine)
        let entry = RunReportPage.Run(info: redacted, summary: summary, status: status, results: collector.all)
        let runs = finished.withLock { runs in
            runs.append(entry)
            return runs
        }
        let page = RunReportPage(runs: runs, loadFailures: loadFailures)
        try ReportFile.write(Data(page.html().utf8), to: path)
    }

    /// The page for one run and its results, as `runDidFinish` writes it (results are redacted first).
    public static func page(
        run: RunInfo,
        summary: RunSummary,
        status: RunStatus,
        results: [TestResult],
        loadFailures: [SuiteLoadFailure] = []
    ) -> String {
        var redacted = run
        redacted.commandLine = SinkRedactor.commandLine(run.commandLine)
        let entry = RunReportPage.Run(
            info: redacted,
            summary: summary,
            status: status,
            results: results.map(SinkRedactor.result)
        )
        return RunReportPage(runs: [entry], loadFailures: loadFailures).html()
    }
}
