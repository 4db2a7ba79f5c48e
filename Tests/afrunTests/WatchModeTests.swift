import FixtureServer
import Foundation
import TestSupport
import Testing

/// `afrun run --watch`: a first run, then one run per change of the suites it touches (a suite file, a `$ref`
/// fragment), one summary each; SIGINT ends it. Each step waits for the output it needs (a generous limit, no
/// fixed delays), so a loaded machine only makes it slower.
@Suite(.serialized) struct WatchModeTests {
    /// The watching child, its output files and a wait for what they hold.
    struct Watching {
        let process: ChildProcess
        let stdout: URL
        let stderr: URL

        func text(_ file: URL) -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

        /// Waits until `file` holds `marker` `count` times (at most a minute).
        func wait(for marker: String, count: Int, in file: URL) async throws {
            for _ in 0..<1_200 {
                if text(file).components(separatedBy: marker).count - 1 >= count { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("no \(count)× \(marker): \(text(stdout))\n\(text(stderr))")
            throw CancellationError()
        }
    }

    static func suite(_ name: String, test: String, request: String, server: FixtureServer) -> String {
        #"{"name": "\#(name)", "baseURL": "\#(server.httpURL.absoluteString)", "tests": [{"name": "\#(test)", "request": \#(request)}]}"#
    }

    @Test func aChangeRunsTheSuitesItTouchesAndSIGINTEndsTheWatch() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s/_shared/f.json", #"{"req": {"url": "get"}}"#)
            try folder.write(
                "s/a.json",
                Self.suite("A", test: "a", request: #"{"$ref": "_shared/f.json#/req"}"#, server: server)
            )
            try folder.write("s/b.json", Self.suite("B", test: "b", request: #"{"url": "get"}"#, server: server))
            let process = ChildProcess()
            process.executableURL = try AfrunProcess.executable()
            process.arguments = ["run", "--watch", "s", "--no-history"]
            process.currentDirectoryURL = folder.url
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            process.environment = environment
            let watching = Watching(
                process: process,
                stdout: folder.url.appendingPathComponent("out.txt"),
                stderr: folder.url.appendingPathComponent("err.txt")
            )
            for file in [watching.stdout, watching.stderr] {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            let out = try FileHandle(forWritingTo: watching.stdout)
            let err = try FileHandle(forWritingTo: watching.stderr)
            defer {
                try? out.close()
                try? err.close()
            }
            process.standardOutput = out
            process.standardError = err
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

            try await watching.wait(for: "watching", count: 1, in: watching.stderr)
            #expect(watching.text(watching.stdout).contains("2 passed"))

            // A suite file changed: that suite alone runs again.
            try folder.write("s/b.json", Self.suite("B", test: "b2", request: #"{"url": "get"}"#, server: server))
            try await watching.wait(for: "watching", count: 2, in: watching.stderr)
            let second = try #require(watching.text(watching.stdout).components(separatedBy: "changed: ").last)
            #expect(second.contains("PASS  B/b2"), "\(second)")
            #expect(!second.contains("A/a"))
            #expect(second.contains("1 passed"))

            // A fragment changed: the suite whose `$ref` leads to it runs again.
            try folder.write("s/_shared/f.json", #"{"req": {"url": "uuid"}}"#)
            try await watching.wait(for: "watching", count: 3, in: watching.stderr)
            let third = try #require(watching.text(watching.stdout).components(separatedBy: "changed: ").last)
            #expect(third.hasPrefix("s/_shared/f.json"), "\(third)")
            #expect(third.contains("PASS  A/a"))
            #expect(!third.contains("B/b2"))

            kill(process.processIdentifier, SIGINT)
            for _ in 0..<1_200 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
            #expect(!process.isRunning)
            #expect(process.terminationStatus == 130)
        }
    }
}
