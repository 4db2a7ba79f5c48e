import AFHistory
import AFRunner
import ArgumentParser

/// `afrun history slowest`: tests by p95 of a phase.
struct HistorySlowestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slowest",
        abstract: "Rank tests by p50/p95 of total time or of one phase over the last N runs."
    )

    @OptionGroup var options: HistoryOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var timing: PhaseOptions

    @Option(help: "How many tests to list.")
    var limit: Int = 20

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let stats = try await options.withStore {
                try $0.slowest(phase: timing.phase, lastRuns: window.last, limit: limit)
            }
            let names = TestIdentity.displayNames(stats.map(\.identity))
            let rows = zip(stats, names).map { stat, name in
                [
                    name, stat.phase.rawValue, HistoryOutput.ms(stat.p50Ms),
                    HistoryOutput.ms(stat.p95Ms),
                    HistoryOutput.ms(stat.maxMs), "\(stat.samples)",
                ]
            }
            try HistoryOutput.emit(
                options.format,
                headers: ["test", "phase", "p50_ms", "p95_ms", "max_ms", "samples"],
                rows: rows,
                json: stats
            )
        }
    }
}
