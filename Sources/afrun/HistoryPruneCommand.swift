import AFHistory
import ArgumentParser

/// `afrun history prune --keep N`: drops old runs.
struct HistoryPruneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete all but the latest N runs (and their results)."
    )

    @OptionGroup var options: HistoryOptions

    @Option(help: "How many of the latest runs to keep.")
    var keep: Int

    func validate() throws {
        guard keep >= 0 else { throw ValidationError("--keep must be 0 or more, got \(keep)") }
    }

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let outcome = try await options.withStore { try $0.prune(keep: keep) }
            struct Output: Encodable {
                var deletedRuns: Int
                var kept: Int
            }
            try HistoryOutput.emit(
                options.format,
                sentences: [
                    "deleted \(HistoryOutput.count(outcome.deleted, "run")) with their results; "
                        + "\(HistoryOutput.count(outcome.kept, "run")) kept"
                ],
                headers: ["deleted_runs", "kept"],
                rows: [["\(outcome.deleted)", "\(outcome.kept)"]],
                json: Output(deletedRuns: outcome.deleted, kept: outcome.kept)
            )
        }
    }
}
