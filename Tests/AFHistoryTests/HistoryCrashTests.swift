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

        // Read acknowledgements until enough results are committed, then kill without warning.
        var acknowledged = 0
        var buffer = ""
        let handle = pipe.fileHandleForReading
        let deadline = Date().addingTimeInterval(120)
        while acknowledged < 150, Date() < deadline {
            let data = PipeReading.readAvailable(handle)
            if data.isEmpty { break }
            buffer += String(decoding: data, as: UTF8.self)
            for line in buffer.split(separator: "\n") where line.hasPrefix("recorded ") {
                acknowledged = max(acknowledged, Int(line.dropFirst("recorded ".count)) ?? 0)
            }
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(acknowledged >= 150, "the child acknowledged only \(acknowledged) results")

        #expect(try SQLite.query(path, "PRAGMA integrity_check") == ["ok"])
        let stored = Int(try SQLite.query(path, "SELECT COUNT(*) FROM results").first ?? "") ?? -1
        #expect(stored >= acknowledged, "stored \(stored) < acknowledged \(acknowledged)")
        #expect(try SQLite.query(path, "SELECT status FROM runs") == ["running"])

        let store = try HistoryStore.open(path: path)
        defer { try? store.close() }
        let run = try store.run("latest")
        #expect(run.status == .interrupted)
        #expect(run.total == stored)
    }
}

/// The child half of `HistoryCrashTests`: runs only when the parent sets the variable.
@Suite("HistoryCrashChild")
struct HistoryCrashChild {
    @Test(.enabled(if: ProcessInfo.processInfo.environment[HistoryCrashTests.childDatabaseVariable] != nil))
    func writeUntilKilled() async throws {
        let path = try #require(ProcessInfo.processInfo.environment[HistoryCrashTests.childDatabaseVariable])
        let store = try HistoryStore.open(path: path)
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
