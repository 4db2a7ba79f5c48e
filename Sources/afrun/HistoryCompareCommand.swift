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

    @Argument(help: "Run A (the baseline): an id, a prefix, latest or previous (a run group with --by-group).")
    var base: String = "previous"

    @Argument(help: "Run B: an id, a prefix, latest or previous (a run group with --by-group).")
    var head: String = "latest"

    @Option(help: "Duration change, in percent of A, beyond which a test is listed.")
    var threshold: Double = 20

    @Option(
        name: .customLong("min-change-ms"),
        help: "Smallest duration change, in milliseconds, listed as slower or faster, whatever its percent."
    )
    var minChangeMs: Double = 5

    @Flag(
        name: .customLong("by-group"),
        help: ArgumentHelp(
            "A and B are run groups (a pipeline's shards and reruns: a --run-group id, latest or previous),"
                + " each test at its latest outcome in its group."
        )
    )
    var byGroup = false

    func validate() throws {
        guard threshold >= 0 else { throw ValidationError("--threshold must be 0 or more, got \(threshold)") }
        guard minChangeMs >= 0 else {
            throw ValidationError("--min-change-ms must be 0 or more, got \(minChangeMs)")
        }
    }

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let (base, head, threshold, byGroup) = (base, head, threshold, byGroup)
            let comparison = try await options.withStore { store in
                byGroup
                    ? try store.compareRunGroups(base, head, thresholdPercent: threshold)
                    : try store.compare(base, head, thresholdPercent: threshold)
            }
            .ignoringTimeChanges(under: minChangeMs)
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
                    "A \(side(comparison.base, comparison.baseGroup)) → B \(side(comparison.head, comparison.headGroup)),"
                        + " threshold \(threshold)% and \(HistoryOutput.ms(minChangeMs)) ms"
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

    /// How the header names a side: the run, or the group with its runs, and its passes.
    private func side(_ run: RunRecord, _ group: RunGroupSummary?) -> String {
        guard let group else { return "\(run.id.prefix(8)) (\(run.passed)/\(run.total) passed)" }
        let name = group.group.map { "group \($0)" } ?? String(run.id.prefix(8))
        let runs = group.runIDs.count == 1 ? "1 run" : "\(group.runIDs.count) runs"
        return "\(name) (\(runs), \(group.passed)/\(group.total) passed)"
    }

    private func statusChange(_ test: ComparedTest) -> String {
        "\(test.baseStatus.rawValue) → \(test.headStatus.rawValue)"
    }

    private func percent(_ value: Double?) -> String {
        value.map { String(format: "%+.1f%%", $0) } ?? ""
    }
}
