import AFHistory
import ArgumentParser

/// `afrun history show RUN`: every result of one run.
struct HistoryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every result of a run (an id, an id prefix, latest or previous)."
    )

    @OptionGroup var options: HistoryOptions

    @Argument(help: ArgumentHelp("The run: an id, an unambiguous id prefix, latest or previous.", valueName: "run"))
    var reference: String = "latest"

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let shown = try await options.withStore { try $0.results(ofRun: reference) }
            struct Output: Encodable {
                var run: RunRecord
                var results: [ResultRecord]
            }
            let rows = shown.results.map { result in
                [
                    result.identity.description, "\(result.identity.suiteFile):\(result.line)", result.status.rawValue,
                    "\(result.attempts)", result.responseStatus.map(String.init) ?? "",
                    result.curlCode.map(String.init) ?? "",
                    HistoryOutput.ms(result.durationMs),
                    HistoryOutput.messages(of: result),
                ]
            }
            if options.format == .table {
                let run = shown.run
                print(
                    "run \(run.id) · \(run.status.rawValue) · \(HistoryOutput.tests(of: run)) tests · \(HistoryOutput.date(run.startedAt)) · \(run.host)"
                )
                if shown.run.historyDetail == .failures {
                    print(
                        "detail: failures (headers, body excerpts and assertion rows kept for failed and errored results only; not kept for passing results)"
                    )
                }
            }
            try HistoryOutput.emit(
                options.format,
                headers: ["test", "location", "status", "attempts", "http", "curl", "duration_ms", "messages"],
                rows: rows,
                json: Output(run: shown.run, results: shown.results)
            )
        }
    }
}
