import AFHistory
import AFRunner
import Foundation
import TestSupport
import Testing

@Suite("Concurrent writers and interrupted runs")
struct HistoryConcurrencyTests {
    @Test("two stores on one file write concurrently without losing a result")
    func twoStoresOneFile() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let first = try await HistoryStore.open(path: path)
        let second = try await HistoryStore.open(path: path)
        let perStore = 200
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in [first, second].enumerated() {
                group.addTask {
                    let run = HistoryFixtures.run()
                    try await store.runDidStart(run)
                    // Many results in flight at once exercise the group commit.
                    try await withThrowingTaskGroup(of: Void.self) { inner in
                        for n in 0..<perStore {
                            inner.addTask {
                                let identity = HistoryFixtures.identity("t\(n)", suite: "S\(index)")
                                try await store.record(
                                    HistoryFixtures.result(identity, .passed, ms: Double(n)),
                                    in: run
                                )
                            }
                        }
                        try await inner.waitForAll()
                    }
                    try await store.runDidFinish(run, summary: RunSummary(passed: perStore), status: .complete)
                }
            }
            try await group.waitForAll()
        }
        #expect(try first.runs().count == 2)
        #expect(try first.runs().allSatisfy { $0.status == .complete && $0.passed == perStore })
        try await first.close()
        try await second.close()
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["\(2 * perStore)"])
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM tests") == ["\(2 * perStore)"])
        #expect(try await SQLite.query(path, "PRAGMA integrity_check") == ["ok"])
    }

    @Test("a run left running by a dead process is marked interrupted on the next open, with its results counted")
    func deadProcessRun() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(HistoryFixtures.result(HistoryFixtures.identity("a"), .passed), in: run)
        try await store.record(HistoryFixtures.result(HistoryFixtures.identity("b"), .failed), in: run)
        // This process is alive: reopening must not touch its run.
        #expect(try store.markAbandonedRuns().isEmpty)
        try await store.close()

        let deadPID = try await Self.pidOfExitedProcess()
        _ = try await SQLite.query(path, "UPDATE runs SET pid = \(deadPID)")
        let reopened = try await HistoryStore.open(path: path)
        defer { try? reopened.close() }
        let found = try reopened.run("latest")
        #expect(found.status == .interrupted)
        #expect((found.passed, found.failed) == (1, 1))
        #expect(found.finishedAt != nil)
    }

    @Test(
        "a run from another host is left alone until it is older than the foreign-run timeout",
        arguments: [("now", RunStatus.running), ("-2 days", RunStatus.interrupted)]
    )
    func otherHostRun(started: String, expected: RunStatus) async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        try await store.runDidStart(HistoryFixtures.run())
        try await store.close()
        let modifier = started == "now" ? "" : ", '\(started)'"
        _ = try await SQLite.query(
            path,
            "UPDATE runs SET pid = \(try await Self.pidOfExitedProcess()), pid_host = 'elsewhere', "
                + "started_at = strftime('%Y-%m-%d %H:%M:%f', 'now'\(modifier))"
        )
        let reopened = try await HistoryStore.open(path: path)
        defer { try? reopened.close() }
        #expect(try reopened.run("latest").status == expected)
    }

    /// A pid that no process has now: a child that has exited and been reaped.
    static func pidOfExitedProcess() async throws -> Int32 {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        await process.waitUntilExit()
        return process.processIdentifier
    }
}
