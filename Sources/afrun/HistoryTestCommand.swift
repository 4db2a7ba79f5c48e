import AFHistory
import ArgumentParser

/// `afrun history test NAME`: one test over the latest runs.
struct HistoryTestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Show one test's outcomes and timings over the latest runs."
    )

    @OptionGroup var options: HistoryOptions
    @OptionGroup var window: WindowOptions

    @Argument(help: "'suite/test', 'suite-file/test', or a test name.")
    var name: String

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let results = try await options.withStore { try $0.testHistory(name, last: window.last) }
            let rows = results.map { result in
                [
                    String(result.runID.prefix(8)), HistoryOutput.date(result.startedAt), result.identity.description,
                    result.status.rawValue, "\(result.attempts)", result.responseStatus.map(String.init) ?? "",
                    HistoryOutput.ms(result.durationMs), HistoryOutput.ms(result.totalMs),
                    HistoryOutput.messages(of: result),
                ]
            }
            try HistoryOutput.emit(
                options.format,
                headers: [
                    "run", "started", "test", "status", "attempts", "http", "duration_ms", "total_ms", "messages",
                ],
                rows: rows,
                json: results
            )
        }
    }
}
