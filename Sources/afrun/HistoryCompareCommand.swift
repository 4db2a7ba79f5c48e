import AFHistory
import ArgumentParser

/// `afrun history compare A B`: what changed between two runs.
struct HistoryCompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract:
            "Compare two runs, each test listed once: newly failing, newly passing, time changed beyond --threshold, moved."
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

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let comparison = try await options.withStore { try $0.compare(base, head, thresholdPercent: threshold) }
            var rows: [[String]] = []
            for test in comparison.newlyFailing {
                rows.append(row("newly failing", test, status: statusChange(test), test.headMessages))
            }
            for test in comparison.newlyPassing {
                rows.append(row("newly passing", test, status: statusChange(test), []))
            }
            for test in comparison.timeChanged {
                rows.append(
                    row((test.changePercent ?? 0) > 0 ? "slower" : "faster", test, status: test.headStatus.rawValue, [])
                )
            }
            for test in comparison.moved {
                rows.append(row("moved", test, status: test.headStatus.rawValue, []))
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

    /// One listed test: its time change on the same line, and the file it moved from after its name.
    private func row(_ kind: String, _ test: ComparedTest, status: String, _ messages: [String]) -> [String] {
        let name = test.identity.description + (test.movedFrom.map { " (moved from \($0))" } ?? "")
        return [
            kind, name, status, HistoryOutput.ms(test.baseMs), HistoryOutput.ms(test.headMs),
            percent(test.changePercent), messages.joined(separator: "; "),
        ]
    }

    private func statusChange(_ test: ComparedTest) -> String {
        "\(test.baseStatus.rawValue) → \(test.headStatus.rawValue)"
    }

    private func percent(_ value: Double?) -> String {
        value.map { String(format: "%+.1f%%", $0) } ?? ""
    }
}
