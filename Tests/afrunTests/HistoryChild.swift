import FixtureServer
import Foundation
import TestSupport
import Testing

/// An `afrun run … --db DB` child process stopped part-way by a signal, and the plain-SQLite
/// view of the database it leaves (through the `sqlite3` CLI, so the test reads exactly what a
/// user would).
struct HistoryChild {
    /// How many fast tests open the suite; the slow ones after them keep the run going.
    static let fastTests = 20
    /// The slow tests: each waits 2 s at the server, so the run is still busy when the signal comes.
    static let slowTests = 40
    /// The bound on every wait: generous, because the machine may be heavily loaded.
    static let bound: Duration = .seconds(120)

    let folder: SuiteFolder
    let database: String
    let process: ChildProcess

    /// Writes the suite (fast `/get` tests, then slow `/delay/2000` ones, not parallel) and starts
    /// `afrun run` on it with output going to files in the folder.
    static func start(base: URL) throws -> HistoryChild {
        let folder = try SuiteFolder()
        let fast = (0..<fastTests).map {
            #"{"name": "fast-\#($0)", "request": {"url": "get"}, "expect": {"status": 200}}"#
        }
        let slow = (0..<slowTests).map {
            #"{"name": "slow-\#($0)", "request": {"url": "delay/2000"}, "expect": {"status": 200}}"#
        }
        try folder.write(
            "crash.json",
            """
            {"name": "Crash", "baseURL": "\(base.absoluteString)", "parallel": false, "tests": [
            \((fast + slow).joined(separator: ",\n"))
            ]}
            """
        )
        let database = folder.url.appendingPathComponent("history/h.sqlite").path
        let process = ChildProcess()
        process.executableURL = try AfrunProcess.executable()
        process.arguments = ["run", "crash.json", "--db", database, "--quiet", "--color", "never"]
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["AFRUN_DB"] = nil
        environment["GITHUB_ACTIONS"] = nil
        environment["NO_COLOR"] = "1"
        process.environment = environment
        // Files, not pipes: nobody reads while the child runs.
        let out = folder.url.appendingPathComponent("child-out.txt")
        let err = folder.url.appendingPathComponent("child-err.txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return HistoryChild(folder: folder, database: database, process: process)
    }

    /// What the child printed, for failure messages.
    var output: String {
        let out = (try? String(contentsOf: folder.url.appendingPathComponent("child-out.txt"), encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: folder.url.appendingPathComponent("child-err.txt"), encoding: .utf8)) ?? ""
        return out + err
    }

    /// Starts a plain-HTTP fixture server and a child against it, waits until the child has recorded
    /// every fast test, then runs `body` with the child and the number of results seen. The child is
    /// killed if still running and its folder removed afterwards, whatever `body` does.
    static func withChildPastFastTests(_ body: (HistoryChild, _ seen: Int) async throws -> Void) async throws {
        var configuration = FixtureServer.Configuration()
        configuration.tlsPort = nil
        configuration.tlsVariants = []
        try await withFixtureServer(configuration) { server in
            let child = try start(base: server.httpURL)
            do {
                let recorded = try await child.waitForResults(atLeast: fastTests)
                let seen = try #require(recorded, "afrun did not record \(fastTests) results in time: \(child.output)")
                try await body(child, seen)
            } catch {
                await child.cleanUp()
                throw error
            }
            await child.cleanUp()
        }
    }

    /// Waits until the database holds at least `count` results of the run.
    /// - Returns: the number seen (>= `count`), or nil when the bound passed or the child ended first.
    func waitForResults(atLeast count: Int) async throws -> Int? {
        let deadline = ContinuousClock.now + Self.bound
        while ContinuousClock.now < deadline {
            // sqlite3 would create an empty file; wait until afrun has made it.
            if FileManager.default.fileExists(atPath: database),
                let seen = Int(try await sqlite("SELECT COUNT(*) FROM results").output), seen >= count
            {
                return seen
            }
            if !process.isRunning { return nil }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// Waits until the child has ended and been reaped (a zombie would still look alive to `kill(pid, 0)`).
    /// - Returns: whether it ended within the bound.
    func waitForExit() async throws -> Bool {
        let deadline = ContinuousClock.now + Self.bound
        while process.isRunning {
            if ContinuousClock.now >= deadline { return false }
            try await Task.sleep(for: .milliseconds(50))
        }
        return true
    }

    /// Kills a child still running (a failed expectation must not leave it behind) and removes the folder.
    func cleanUp() async {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        await process.waitUntilExit()
        folder.remove()
    }

    /// Runs one statement with the `sqlite3` CLI on the database.
    /// - Returns: its exit status and its trimmed output.
    func sqlite(_ sql: String) async throws -> (status: Int32, output: String) {
        try await Self.sqlite(database, sql)
    }

    /// Runs one statement with the `sqlite3` CLI (waiting up to 30 s for a lock) on `database`.
    /// - Returns: its exit status and its trimmed output (standard error included).
    static func sqlite(_ database: String, _ sql: String) async throws -> (status: Int32, output: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-batch", "-cmd", ".timeout 30000", database, sql]
        let (status, output) = try await process.output(includingErrors: true)
        return (status, output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The status of the (only) run in the database.
    func runStatus() async throws -> String { try await sqlite("SELECT status FROM runs").output }

    /// How many results the run kept, and how many of them are passed fast tests.
    func keptResults() async throws -> (all: Int, passedFast: Int) {
        let all = Int(try await sqlite("SELECT COUNT(*) FROM results").output) ?? -1
        let fast =
            Int(
                try await sqlite(
                    """
                    SELECT COUNT(DISTINCT t.name) FROM results r JOIN tests t ON t.id = r.test_id
                    WHERE t.name LIKE 'fast-%' AND r.status = 'passed'
                    """
                ).output
            ) ?? -1
        return (all, fast)
    }

    /// `afrun history runs --db DB --format csv`: opens the store the way every history command does.
    func historyRuns() async throws -> AfrunProcess.Output {
        try await AfrunProcess.run(["history", "runs", "--db", database, "--format", "csv"], in: folder.url)
    }
}
