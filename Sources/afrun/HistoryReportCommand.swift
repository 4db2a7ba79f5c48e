import AFHistory
import AFReports
import ArgumentParser
import Foundation

/// `afrun history report --html FILE`: the history as a self-contained HTML page.
struct HistoryReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the history as an HTML page: pass rates, trends, flaky and slow tests, the last two runs.",
        discussion:
            "The runs of one pipeline (a run group: its shards and --rerun-failed runs; without a group, the runs"
            + " with --shard and the same git commit) count as one run, each test at its latest outcome."
    )

    @OptionGroup var options: HistoryOptions
    @OptionGroup var window: WindowOptions

    @Option(help: ArgumentHelp("The HTML file to write.", valueName: "file"))
    var html: String

    @Option(help: ArgumentHelp("Only this suite (its name or file); repeat for several.", valueName: "suite"))
    var suite: [String] = []

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let report = try await options.withStore {
                try HistoryReport.read(from: $0, last: window.last, suites: suite)
            }
            let results = report.points.reduce(0) { $0 + $1.passed + $1.failed + $1.errors + $1.skipped }
            if !suite.isEmpty, !report.points.isEmpty, results == 0 {
                // A mistyped --suite would otherwise write a page of empty runs and succeed.
                throw HistoryOptions.failure(
                    "no results of --suite \(suite.map { "'\($0)'" }.joined(separator: ", ")) in the last"
                        + (report.points.count == 1 ? " run" : " \(report.points.count) runs")
                        + "; name a suite by its name or file, as `afrun history show"
                        + " latest` prints them"
                )
            }
            do {
                try HistoryReport.write(report.html(), to: html)
            } catch {
                throw HistoryOptions.failure("\(error)")
            }
            print("wrote \(html): \(report.points.count) run\(report.points.count == 1 ? "" : "s")")
        }
    }
}
