import AFHistory
import AFRunner
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
            let (name, last) = (name, window.last)
            let (results, since) = try await options.withStore { store in
                let results = try store.testHistory(name, last: last)
                return (results, try Self.since(results, in: store))
            }
            let names = TestIdentity.displayNames(results.map(\.identity))
            let rows = zip(results, names).map { result, name in
                [
                    String(result.runID.prefix(8)), HistoryOutput.date(result.startedAt), name,
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
            if options.format == .table, let since { print(since) }
        }
    }

    /// Since when the test has its latest outcome, and when it last had the other: `failing since run …
    /// (date, commit …): 26 results in a row; it last passed in run …`. Nil when it never failed in the
    /// window. Skipped results are no verdict and are passed over.
    /// - Parameter results: the test's results, newest first.
    static func since(_ results: [ResultRecord], in store: any HistoryStoring) throws -> String? {
        let verdicts = results.filter { $0.status != .skipped }
        guard let latest = verdicts.first else { return nil }
        let failing = TestSelection.isFailing(latest.status)
        let streak = verdicts.prefix { TestSelection.isFailing($0.status) == failing }
        let other = verdicts.dropFirst(streak.count).first
        guard failing || other != nil, let first = streak.last else { return nil }
        let rows = streak.count == 1 ? "1 result" : "\(streak.count) results"
        var line = "\(failing ? "failing" : "passing") since run \(try describe(first, in: store)): \(rows) in a row"
        if let other {
            line += "; it last \(failing ? "passed" : "failed") in run \(try describe(other, in: store))"
        } else {
            line += " (every result shown; --last N looks further back)"
        }
        return line
    }

    /// `34DF5B7B (2026-11-27T11:09:00Z, commit c0ffee12)`: the run of a result, its start and its commit.
    private static func describe(_ result: ResultRecord, in store: any HistoryStoring) throws -> String {
        let commit = try store.run(result.runID).gitCommit.map { ", commit \($0.prefix(10))" } ?? ""
        return "\(result.runID.prefix(8)) (\(HistoryOutput.date(result.startedAt))\(commit))"
    }
}
