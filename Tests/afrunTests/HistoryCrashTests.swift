import Foundation
import Testing

/// Crash safety of the history store: an `afrun run` child killed with SIGKILL mid-run leaves a sound
/// database with every result it had finished, and the next open marks the run `interrupted`.
@Suite("history survives SIGKILL") struct HistoryCrashTests {
    @Test("SIGKILL mid-run: integrity_check ok, finished results kept, run interrupted on next open")
    func killedChildLeavesASoundDatabase() async throws {
        try await HistoryChild.withChildPastFastTests { child, seen in
            // Every fast test is recorded; a slow one is now in flight.
            #expect(kill(child.process.processIdentifier, SIGKILL) == 0)
            let ended = try await child.waitForExit()
            #expect(ended, "the killed child did not end")
            #expect(child.process.terminationReason == .uncaughtSignal)
            #expect(child.process.terminationStatus == SIGKILL)

            // Opening with sqlite3 also replays the WAL the dead process left.
            let check = try await child.sqlite("PRAGMA integrity_check")
            #expect(check.status == 0 && check.output == "ok", "\(check.output)")
            let kept = try await child.keptResults()
            #expect(kept.all >= seen, "results committed before the kill were lost")
            #expect(kept.all < HistoryChild.fastTests + HistoryChild.slowTests, "the run was not cut short")
            #expect(kept.passedFast == HistoryChild.fastTests)
            // Nothing in the dead process could finish the run.
            #expect(try await child.runStatus() == "running")

            // The next open (every history command opens the store) marks the abandoned run.
            let runs = try await child.historyRuns()
            #expect(runs.status == 0, "\(runs.all)")
            #expect(try await child.runStatus() == "interrupted")
            let totals = try await child.sqlite(
                "SELECT passed + failed + errors + skipped, finished_at IS NOT NULL FROM runs"
            ).output
            #expect(totals == "\(kept.all)|1", "totals are counted from the kept results")
            let line = try #require(runs.stdout.split(separator: "\n").dropFirst().first, "\(runs.all)")
            // The run was planned at its start: how much of it the kill lost shows beside what was kept.
            let planned = HistoryChild.fastTests + HistoryChild.slowTests
            #expect(line.contains(",interrupted,\(kept.all) of \(planned),"), "\(line)")
            #expect(try await child.sqlite("SELECT planned_tests FROM runs").output == "\(planned)")
            let show = try await AfrunProcess.run(["history", "show", "--db", child.database], in: child.folder.url)
            #expect(show.stdout.contains("· interrupted · \(kept.all) of \(planned) tests ·"), "\(show.all)")
            #expect(try await child.sqlite("PRAGMA integrity_check").output == "ok")
        }
    }
}
