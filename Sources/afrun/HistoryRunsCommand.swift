import AFHistory
import ArgumentParser

/// `afrun history runs`: the latest runs with their counts.
struct HistoryRunsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "List the latest runs, newest first.",
        discussion:
            "--by-group lists each run group (the shards and reruns of one pipeline, --run-group) as one run;"
            + " --last then counts groups."
    )

    @OptionGroup var options: HistoryOptions
    @OptionGroup var window: WindowOptions

    @Flag(
        name: .customLong("by-group"),
        help: "One row per run group: its runs put together; --last counts groups."
    )
    var byGroup = false

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let last = window.last
            if byGroup {
                // --last counts groups here: a window of runs would cut the oldest pipeline in two.
                let groups = try await options.withStore { store in
                    try store.latestRunGroups(last).map { runs in
                        // Each test once, as the pipeline ended: a failure its rerun passed is a pass.
                        let summary = RunGroupSummary.summary(runs)
                        guard runs.count > 1, let group = summary.group,
                            let statuses = try store.lastRunStatuses(inRunGroup: group)
                        else { return summary }
                        return summary.counting(statuses)
                    }
                }
                return try emitGroups(groups)
            }
            let runs = try await options.withStore { try $0.runs(last: last) }
            let rows = runs.map { run in
                [
                    String(run.id.prefix(8)), HistoryOutput.date(run.startedAt), run.status.rawValue,
                    HistoryOutput.tests(of: run),
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

    private func emitGroups(_ groups: [RunGroupSummary]) throws {
        let rows = groups.map { group in
            [
                group.group ?? String(group.runIDs[0].prefix(8)), "\(group.runIDs.count)",
                group.shards.joined(separator: " "), HistoryOutput.date(group.startedAt), group.status.rawValue,
                "\(group.total)", "\(group.passed)", "\(group.failed)", "\(group.errors)", "\(group.skipped)",
                HistoryOutput.ms(group.durationMs), group.gitBranch ?? "",
                group.gitCommit.map { String($0.prefix(10)) } ?? "",
            ]
        }
        try HistoryOutput.emit(
            options.format,
            headers: [
                "group", "runs", "shards", "started", "status", "tests", "passed", "failed", "errors", "skipped",
                "duration_ms", "branch", "commit",
            ],
            rows: rows,
            json: groups
        )
    }
}
