import AFHistory
import ArgumentParser

/// `afrun history runs`: the latest runs with their counts.
struct HistoryRunsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "List the latest runs, newest first."
    )

    @OptionGroup var options: HistoryOptions
    @OptionGroup var window: WindowOptions

    func run() throws {
        try ExitStatus.reportingInternalErrors {
            let runs = try options.withStore { try $0.runs(last: window.last) }
            let rows = runs.map { run in
                [
                    String(run.id.prefix(8)), HistoryOutput.date(run.startedAt), run.status.rawValue, "\(run.total)",
                    "\(run.passed)",
                    "\(run.failed)", "\(run.errors)", "\(run.skipped)", HistoryOutput.ms(run.durationMs),
                    run.shard ?? "", run.runGroup ?? "",
                    run.gitBranch ?? "", run.gitCommit.map { String($0.prefix(10)) } ?? "",
                ]
            }
            try HistoryOutput.emit(
                options.format,
                headers: [
                    "run", "started", "status", "tests", "passed", "failed", "errors", "skipped", "duration_ms",
                    "shard", "group",
                    "branch", "commit",
                ],
                rows: options.format == .csv ? zip(rows, runs).map { [$1.id] + $0.dropFirst() } : rows,
                json: runs
            )
        }
    }
}
