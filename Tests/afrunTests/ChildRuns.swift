import Foundation
import TestSupport

/// `afrun` with standard output on a pseudo-terminal, as a user's shell runs it (colour rules apply only there).
enum TerminalRun {
    /// Runs `afrun arguments…` in `directory` with standard output on a new pseudo-terminal and standard error
    /// on a file, waits for it and returns what it printed on the terminal.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String]) async throws -> String {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        guard openpty(&controller, &terminal, nil, nil, nil) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // Closed here, once each: a second close could hit a descriptor the process has reused meanwhile.
        defer { close(controller) }
        var terminalOpen = true
        defer { if terminalOpen { close(terminal) } }
        // Not inherited by children other tests start meanwhile; the child's own copy is its standard output.
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
        // Read without blocking: the child has exited and its output is all in the terminal's buffer.
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        let err = directory.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: err) }
        let process = ChildProcess()
        process.executableURL = try AfrunProcess.executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = "xterm"
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        await process.waitUntilExit()
        close(terminal)
        terminalOpen = false
        // The terminal's buffer holds a short output whole; past it, EAGAIN (or EIO once no side is open).
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(controller, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `afrun` under `strace`, to count its system calls.
enum StraceRun {
    /// Runs `/usr/bin/strace arguments…` in `directory`, waits for it and returns what it printed (standard output
    /// and error, into one file).
    static func run(_ arguments: [String], in directory: URL) async throws -> String {
        let out = directory.appendingPathComponent("out-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let handle = try FileHandle(forWritingTo: out)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["GITHUB_ACTIONS"] = nil
        process.environment = env
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        await process.waitUntilExit()
        try handle.close()
        return try String(contentsOf: out, encoding: .utf8)
    }
}
