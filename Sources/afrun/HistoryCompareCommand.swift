import AFHistory
import ArgumentParser

/// `afrun history compare A B`: what changed between two runs.
struct HistoryCompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two runs: newly failing, newly passing, and tests whose time changed beyond --threshold."
    )

    @OptionGroup var options: HistoryOptions

    @Argument(help: "Run A (the baseline): an id, a prefix, latest or previous.")
    var base: String = "previous"

    @Argument(help: "Run B: an id, a prefix, latest or previous.")
    var head: String = "latest"

    @Option(help: "Duration change, in percent of A, beyond which a test is listed.")
    var threshold: Double = 20

    func validate() throws {
        guard threshold >= 0 else { throw ValidationError("--threshold must be 0 or more, got \(threshold)") }
    }

    func run() throws {
        try ExitStatus.reportingInternalErrors {
            let comparison = try options.withStore { try $0.compare(base, head, thresholdPercent: threshold) }
            var rows: [[String]] = []
            for test in comparison.newlyFailing {
                rows.append([
                    "newly failing", test.identity.description,
                    "\(test.baseStatus.rawValue) → \(test.headStatus.rawValue)",
                    HistoryOutput.ms(test.baseMs), HistoryOutput.ms(test.headMs), percent(test.changePercent),
                    test.headMessages.joined(separator: "; "),
                ])
            }
            for test in comparison.newlyPassing {
                rows.append([
                    "newly passing", test.identity.description,
                    "\(test.baseStatus.rawValue) → \(test.headStatus.rawValue)",
                    HistoryOutput.ms(test.baseMs), HistoryOutput.ms(test.headMs), percent(test.changePercent), "",
                ])
            }
            for test in comparison.timeChanged {
                let kind = (test.changePercent ?? 0) > 0 ? "slower" : "faster"
                rows.append([
                    kind, test.identity.description, test.headStatus.rawValue, HistoryOutput.ms(test.baseMs),
                    HistoryOutput.ms(test.headMs), percent(test.changePercent), "",
                ])
            }
            rows += comparison.added.map { ["added", $0.description, "", "", "", "", ""] }
            rows += comparison.removed.map { ["removed", $0.description, "", "", "", "", ""] }
            if options.format == .table {
                print(
                    "A \(comparison.base.id.prefix(8)) (\(comparison.base.passed)/\(comparison.base.total) passed) → "
                        + "B \(comparison.head.id.prefix(8)) (\(comparison.head.passed)/\(comparison.head.total) passed), threshold \(threshold)%"
                )
            }
            try HistoryOutput.emit(
                options.format,
                headers: ["change", "test", "status", "a_ms", "b_ms", "delta", "messages"],
                rows: rows,
                json: comparison
            )
        }
    }

    private func percent(_ value: Double?) -> String {
        value.map { String(format: "%+.1f%%", $0) } ?? ""
    }
}
