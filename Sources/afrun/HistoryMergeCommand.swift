import AFHistory
import ArgumentParser

/// `afrun history merge FILE…`: folds other history files (CI shards) into this one.
struct HistoryMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Copy into --db the runs of other history files it does not have yet (e.g. one per CI shard).")

    @OptionGroup var options: HistoryOptions

    @Argument(help: "History databases to fold in.")
    var files: [String]

    func run() throws {
        let path = options.databasePath
        let store: HistoryStore
        do { store = try HistoryStore.open(path: path) } catch let error as HistoryError { throw HistoryOptions.failure(error.description) }
        defer { try? store.close() }
        var rows: [[String]] = []
        struct Merged: Encodable {
            var file: String
            var runs: Int
        }
        var merged: [Merged] = []
        for file in files {
            do {
                let count = try store.merge(from: file)
                rows.append([file, "\(count)"])
                merged.append(Merged(file: file, runs: count))
            } catch let error as HistoryError {
                throw HistoryOptions.failure(error.description)
            }
        }
        try HistoryOutput.emit(options.format, headers: ["file", "runs_added"], rows: rows, json: merged)
    }
}
