import Foundation
import TestSupport
import Testing

/// The `afrun-fixtures` executable, run end to end as the demo and benchmarks run it.
@Suite struct FixturesCommandTests {
    /// The binary next to the test bundle, when the build made it (`swift build --build-tests` does).
    static let binary: URL? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [beside, beside.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("afrun-fixtures")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// What the server writes to `reader`, up to the first text holding `marker` (nil: up to end of file).
    static func read(_ reader: FileHandle, until marker: String?) async -> String {
        await PipeReading.read(reader) { text in marker.map { text.contains($0) } ?? false }
    }

    @Test(.enabled(if: binary != nil, "afrun-fixtures was not built beside the tests"))
    func printsOneLinePerEndpointServesAndStopsOnSIGTERM() async throws {
        let binary: URL = try #require(Self.binary)
        let process = ChildProcess()
        process.executableURL = binary
        process.arguments = ["--port", "0", "--tls-port", "0", "--variants", "--threads", "1", "--exit-with-parent"]
        let output = Pipe()
        process.standardOutput = output
        // Not this process's stderr: a child left running (this test failing early, or the test process
        // crashing) would hold it open, and `swift test` would wait for it forever.
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // All lines are written at once; read until the last variant's line is there.
        let reader = output.fileHandleForReading
        let text = await Self.read(reader, until: "mutualTLS ")
        let endpoints = Dictionary(
            text.split(separator: "\n").map { line in
                let fields = line.split(separator: " ")
                return (String(fields[0]), String(fields.count > 1 ? fields[1] : ""))
            },
            uniquingKeysWith: { first, _ in first }
        )
        #expect(
            endpoints.keys.sorted() == [
                "expired", "h2c", "http", "https", "mutualTLS", "notYetValid", "selfSigned", "unknownCA", "valid",
                "wrongHost",
            ]
        )
        let http = try #require(endpoints["http"])
        let plain = try await Curl.run([http + "/get"])
        #expect(plain.status == 200)
        let https = try #require(endpoints["https"])
        let secure = try await Curl.run(Curl.trustFixtures + [https + "/get"])
        #expect(secure.status == 200, "\(secure.stderr)")
        kill(process.processIdentifier, SIGTERM)
        await process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// A server whose parent ends (a crashed test process) shuts down instead of holding its pipes open.
    @Test(.enabled(if: binary != nil, "afrun-fixtures was not built beside the tests"), .timeLimit(.minutes(2)))
    func exitsWhenItsParentEndsWithExitWithParent() async throws {
        let binary: URL = try #require(Self.binary)
        // A shell starts the server and ends once the file `go` exists, leaving the server an orphan.
        let go = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-orphan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: go) }
        let shell = ChildProcess()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", #""$0" --port 0 --no-tls --threads 1 --exit-with-parent & until [ -e "$1" ]; do sleep 0.1; done"#,
            binary.path, go.path,
        ]
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        defer { if shell.isRunning { kill(shell.processIdentifier, SIGKILL) } }
        let reader = output.fileHandleForReading
        let started = await Self.read(reader, until: "h2c ")
        #expect(started.contains("http://127.0.0.1:"))
        #expect(FileManager.default.createFile(atPath: go.path, contents: nil))
        await shell.waitUntilExit()
        // The server held the other end of this pipe: end of file means it has exited.
        let rest = await Self.read(reader, until: nil)
        #expect(rest.isEmpty)
    }
}
