import AFHistory
import ArgumentParser

/// `afrun history trends`: p50/p95 per suite or test per run, with a sparkline.
struct HistoryTrendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trends",
        abstract: "Show p50/p95 per suite (or test) per run over the last N runs, so regressions show."
    )

    @OptionGroup var options: HistoryOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var timing: PhaseOptions

    @Option(help: "One line per suite or per test.")
    var by: TrendGrouping = .suite

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let series = try await options.withStore {
                try $0.trends(lastRuns: window.last, grouping: by, phase: timing.phase)
            }
            switch options.format {
            case .json:
                print(try HistoryOutput.json(series))
            case .csv:
                let rows = series.flatMap { line in
                    line.points.map { point in
                        [
                            line.name, point.runID, HistoryOutput.date(point.startedAt), "\(point.samples)",
                            HistoryOutput.ms(point.p50Ms),
                            HistoryOutput.ms(point.p95Ms), "\(point.failures)",
                        ]
                    }
                }
                print(
                    HistoryOutput.csv(
                        headers: [by.rawValue, "run", "started", "samples", "p50_ms", "p95_ms", "failures"],
                        rows: rows
                    )
                )
            case .table:
                let rows = series.map { line -> [String] in
                    let first = line.points.first?.p50Ms ?? 0
                    let last = line.points.last
                    let change =
                        first > 0 && last != nil ? String(format: "%+.0f%%", ((last!.p50Ms - first) / first) * 100) : ""
                    return [
                        line.name, HistoryOutput.sparkline(line.points.map(\.p50Ms)), "\(line.points.count)",
                        HistoryOutput.ms(last?.p50Ms), HistoryOutput.ms(last?.p95Ms), change,
                    ]
                }
                print(
                    rows.isEmpty
                        ? "(nothing)"
                        : HistoryOutput.table(
                            headers: [by.rawValue, "p50 trend", "runs", "last_p50_ms", "last_p95_ms", "change"],
                            rows: rows
                        )
                )
            }
        }
    }
}
