import Foundation
import Testing

/// SIGINT and SIGTERM stop `afrun run` gracefully: the transfers in flight are cancelled, the tests not run
/// are recorded as skipped, the run is marked `interrupted` by the process itself (no later open needed), and
/// it exits with 128 + the signal.
@Suite("history on SIGINT and SIGTERM", .serialized) struct HistorySignalTests {
    @Test(
        "a signal mid-run marks the run interrupted at once and keeps the finished results",
        arguments: [SIGINT, SIGTERM]
    )
    func signalledChildMarksTheRunInterrupted(signal: Int32) async throws {
        try await HistoryChild.withChildPastFastTests { child, seen in
            #expect(kill(child.process.processIdentifier, signal) == 0)
            let ended = try await child.waitForExit()
            #expect(ended, "afrun did not stop after signal \(signal): \(child.output)")
            #expect(child.process.terminationReason == .exit, "\(child.output)")
            #expect(child.process.terminationStatus == 128 + signal, "\(child.output)")
            #expect(child.output.contains("interrupted: "), "\(child.output)")

            // Read without opening the store: the process marked the run itself.
            #expect(try await child.runStatus() == "interrupted")
            let kept = try await child.keptResults()
            #expect(kept.all >= seen, "results committed before the signal were lost")
            // Every test is accounted for: the ones the signal kept from running are recorded as skipped.
            #expect(kept.all == HistoryChild.fastTests + HistoryChild.slowTests)
            let skipped =
                Int(try await child.sqlite("SELECT COUNT(*) FROM results WHERE status = 'skipped'").output) ?? -1
            #expect(skipped > 0, "the run was not cut short")
            #expect(kept.passedFast == HistoryChild.fastTests)
            let totals = try await child.sqlite(
                "SELECT passed + failed + errors + skipped, finished_at IS NOT NULL FROM runs"
            ).output
            #expect(totals == "\(kept.all)|1", "the run's totals match its kept results")
            let check = try await child.sqlite("PRAGMA integrity_check")
            #expect(check.status == 0 && check.output == "ok", "\(check.output)")
        }
    }
}
