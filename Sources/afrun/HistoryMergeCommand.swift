import AFHistory
import ArgumentParser

/// `afrun history merge FILE…`: folds other history files (CI shards) into this one.
struct HistoryMergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Copy into --db the runs of other history files it does not have yet (e.g. one per CI shard)."
    )

    @OptionGroup var options: HistoryOptions

    @Argument(help: "History databases to fold in.")
    var files: [String]

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            struct Merged: Encodable {
                var file: String
                var runs: Int
            }
            let merged = try await options.withStore(creating: true) { store in
                try files.map { file in Merged(file: file, runs: try store.merge(from: file)) }
            }
            try HistoryOutput.emit(
                options.format,
                sentences: merged.map { merged in
                    merged.runs == 0
                        ? "merged no run from \(merged.file): the history has all of its runs"
                        : "merged \(HistoryOutput.count(merged.runs, "run")) from \(merged.file)"
                },
                headers: ["file", "runs_added"],
                rows: merged.map { [$0.file, "\($0.runs)"] },
                json: merged
            )
        }
    }
}
