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

    /// Creates a reporter.
    /// - Parameter path: the HTML file to write when a run finishes.
    public init(path: String) {
        self.path = path
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
        try ReportFile.write(Data(RunReportPage(runs: runs).html().utf8), to: path)
    }

    /// The page for one run and its results, as `runDidFinish` writes it (results are redacted first).
    public static func page(run: RunInfo, summary: RunSummary, status: RunStatus, results: [TestResult]) -> String {
        var redacted = run
        redacted.commandLine = SinkRedactor.commandLine(run.commandLine)
        let entry = RunReportPage.Run(
            info: redacted,
            summary: summary,
            status: status,
            results: results.map(SinkRedactor.result)
        )
        return RunReportPage(runs: [entry]).html()
    }
}
