import AFHistory
import AFRunner
import ArgumentParser

/// `afrun history flaky`: tests whose outcome flips, most flaky first.
struct HistoryFlakyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flaky",
        abstract: "Rank tests whose outcome changed within the last N runs, or that passed only after a retry."
    )

    @OptionGroup var options: HistoryOptions
    @OptionGroup var window: WindowOptions

    @Option(help: "How many tests to list.")
    var limit: Int = 50

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let flaky = Array(
                try await options.withStore { try $0.flakyTests(lastRuns: window.last, includeStable: false) }.prefix(
                    max(0, limit)
                )
            )
            let names = TestIdentity.displayNames(flaky.map(\.identity))
            let rows = zip(flaky, names).map { test, name in
                [
                    name, String(format: "%.2f", test.score), "\(test.flips)",
                    "\(test.retriedPasses)",
                    "\(test.failures)", "\(test.runs)", test.lastStatus.rawValue,
                ]
            }
            try HistoryOutput.emit(
                options.format,
                headers: ["test", "score", "flips", "retried_passes", "failures", "runs", "last"],
                rows: rows,
                json: flaky
            )
        }
    }
}
