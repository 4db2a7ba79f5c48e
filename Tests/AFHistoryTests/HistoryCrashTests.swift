import AFHistory
import AFRunner
import Foundation
import TestSupport
import Testing

/// Crash safety at the store level: a child process (this test binary, in child mode) records results
/// through `HistoryStore` and is killed with SIGKILL mid-run. Every result committed (a `flush` returned)
/// before the kill must be in the file, the file must pass `integrity_check`, and the next open must mark the run
/// `interrupted`. (The same with a child `afrun` process belongs in afrunTests once the runner's flags land.)
@Suite("History crash safety", .serialized)
struct HistoryCrashTests {
    static let childDatabaseVariable = "AFRUN_HISTORY_CRASH_CHILD_DB"

    @Test("a SIGKILLed writer keeps every committed result; the run is marked interrupted")
    func sigkillMidRun() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let executable = try #require(Bundle.main.executablePath, "cannot locate the test binary to spawn")
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = ["--testing-library", "swift-testing", "--filter", "HistoryCrashChild"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childDatabaseVariable] = path
        child.environment = environment
        let pipe = Pipe()
        child.standardOutput = pipe
        child.standardError = FileHandle.nullDevice
        try child.run()

        // Read acknowledgements until enough results are committed, then kill without warning. A child that
        // ends early ends the read (end of file), and the count below is then short.
        let acknowledgements = await PipeReading.read(pipe.fileHandleForReading) { Self.acknowledged(in: $0) >= 150 }
        let acknowledged = Self.acknowledged(in: acknowledgements)
        kill(child.processIdentifier, SIGKILL)
        await child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(acknowledged >= 150, "the child acknowledged only \(acknowledged) results")

        #expect(try await SQLite.query(path, "PRAGMA integrity_check") == ["ok"])
        let stored = Int(try await SQLite.query(path, "SELECT COUNT(*) FROM results").first ?? "") ?? -1
        #expect(stored >= acknowledged, "stored \(stored) < acknowledged \(acknowledged)")
        #expect(try await SQLite.query(path, "SELECT status FROM runs") == ["running"])

        let store = try await HistoryStore.open(path: path)
        defer { try? store.close() }
        let run = try store.run("latest")
        #expect(run.status == .interrupted)
        #expect(run.total == stored)
    }

    /// The highest `recorded N` line of the child's output.
    static func acknowledged(in output: String) -> Int {
        output.split(separator: "\n").filter { $0.hasPrefix("recorded ") }
            .map { Int($0.dropFirst("recorded ".count)) ?? 0 }.max() ?? 0
    }
}

/// The child half of `HistoryCrashTests`: runs only when the parent sets the variable.
@Suite("HistoryCrashChild")
struct HistoryCrashChild {
    @Test(.enabled(if: ProcessInfo.processInfo.environment[HistoryCrashTests.childDatabaseVariable] != nil))
    func writeUntilKilled() async throws {
        let path = try #require(ProcessInfo.processInfo.environment[HistoryCrashTests.childDatabaseVariable])
        let store = try await HistoryStore.open(path: path)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        for n in 1...100_000 {
            let identity = HistoryFixtures.identity("t\(n % 500)", suite: "Crash")
            try await store.record(
                HistoryFixtures.result(identity, n % 7 == 0 ? .failed : .passed, ms: Double(n % 50)),
                in: run
            )
            // Every tenth result waits for the commit; the others are queued and committed within the window.
            guard n % 10 == 0 else { continue }
            try await store.flush()
            // Unbuffered: the parent counts this line as "committed".
            FileHandle.standardOutput.write(Data("recorded \(n)\n".utf8))
        }
        Issue.record("the parent should have killed this process")
    }
}
