import FixtureServer
import Foundation
import TestSupport

/// Runs the built `afrun` binary and collects its output and exit status.
struct AfrunProcess {
    /// What a run printed and returned.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var all: String { stdout + stderr }
    }

    /// The `afrun` executable next to the test bundle (`.build/<config>/afrun`).
    static func executable() throws -> URL {
        var candidates: [URL] = []
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = argv0.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("afrun"))
            dir = dir.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/afrun"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [NSFilePathErrorKey: "afrun not built; looked in \(candidates.map(\.path))"]
            )
        }
        return found
    }

    /// Runs `afrun arguments…` in `directory` and waits for it.
    static func run(
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = [:],
        interruptAfter: Duration? = nil,
        interruptOnOutput marker: String? = nil
    ) async throws -> Output {
        let process = ChildProcess()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["GITHUB_ACTIONS"] = nil
        // The CI's pipeline id is the default run group, which `--shard` and `--rerun-failed` read: a test
        // passes its own `--run-group` (or these in `environment`) rather than inherit the CI's.
        env["GITHUB_RUN_ID"] = nil
        env["CI_PIPELINE_ID"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        // Files, not pipes: a full pipe would block the child while nobody reads.
        let out = directory.appendingPathComponent("stdout-\(UUID().uuidString).txt")
        let err = directory.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        let exited = ExitFlag()
        process.terminationHandler = { _ in exited.set() }
        try process.run()
        if let interruptAfter {
            let pid = process.processIdentifier
            // A thread of its own, not a task: a task waits for a thread of the shared executor, which a
            // loaded machine's other tests may hold past the run's end.
            Thread.detachNewThread {
                Thread.sleep(
                    forTimeInterval: Double(interruptAfter.components.seconds)
                        + Double(interruptAfter.components.attoseconds) / 1e18
                )
                if !exited.isSet { kill(pid, SIGINT) }
            }
        }
        if let marker {
            // SIGINT once the run has visibly started (its output shows `marker`): a fixed delay
            // could arrive before the handler is installed on a loaded machine.
            let pid = process.processIdentifier
            // A thread of its own, as above: a starved task once saw the marker only after the run had ended.
            Thread.detachNewThread {
                for _ in 0..<1_500 {
                    if exited.isSet { return }
                    if let text = try? String(contentsOf: out, encoding: .utf8), text.contains(marker) {
                        if !exited.isSet { kill(pid, SIGINT) }
                        return
                    }
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
        }
        await process.waitUntilExit()
        let status = process.terminationStatus
        try outHandle.close()
        try errHandle.close()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Output(
            status: status,
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8)
        )
    }
}

/// Set once the child has exited, so no signal goes to a reused process id.
final class ExitFlag: @unchecked Sendable {
    // `@unchecked Sendable`: `lock` guards `value`.
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// A temporary folder of suite files.
struct SuiteFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the folder.
    func write(_ name: String, _ text: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// A folder holding `s.json`: one test aimed at the loopback's discard port, where nobody listens.
    /// For command lines that must fail before sending, or whose test errors.
    static func withUnreachableTest() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write(
            "s.json",
            #"{"name": "s", "tests": [{"name": "t", "request": {"url": "http://127.0.0.1:9/"}}]}"#
        )
        return folder
    }
}

/// Runs `body` with a plain-HTTP fixture server and a scratch folder, both removed afterwards.
func withPlainFixture(_ body: (SuiteFolder, FixtureServer) async throws -> Void) async throws {
    var configuration = FixtureServer.Configuration()
    configuration.tlsPort = nil
    configuration.tlsVariants = []
    try await withFixtureServer(configuration) { server in
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try await body(folder, server)
    }
}
