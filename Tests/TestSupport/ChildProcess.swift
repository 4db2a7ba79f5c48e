import CSpawnActions
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Starts and waits for a child process, with the part of `Foundation.Process`'s interface the tests use.
///
/// Every test runs in one process, and Foundation's `Process.run()` reads past the end of a heap buffer
/// while it lists `/proc/self/fd` (AddressSanitizer: a 256-byte copy of each directory entry's name);
/// when that buffer ends a mapping the test process dies in `memmove` (seen on this machine). This type
/// starts children with `posix_spawn`, closes every inherited descriptor above 2 in the child, and reaps
/// the child on a thread of its own. Waiting for it suspends the caller's task instead of blocking a thread of
/// the shared executor (see `OffExecutor`).
public final class ChildProcess: @unchecked Sendable {
    /// How the child ended, as `Process.TerminationReason` says it.
    public enum TerminationReason: Sendable { case exit, uncaughtSignal }

    /// Why starting failed.
    public struct SpawnError: Error, CustomStringConvertible {
        /// `posix_spawn`'s error number.
        public var code: Int32
        /// The program.
        public var path: String
        /// What went wrong, with the program's path.
        public var description: String { "cannot start \(path): \(String(cString: strerror(code)))" }
    }

    /// The program to run.
    public var executableURL: URL?
    /// Its arguments, without the program name.
    public var arguments: [String] = []
    /// Its environment; nil inherits this process's.
    public var environment: [String: String]?
    /// Its working directory; nil inherits this process's.
    public var currentDirectoryURL: URL?
    /// A `FileHandle` or a `Pipe` for the child's standard output; nil inherits this process's.
    public var standardOutput: Any?
    /// A `FileHandle` or a `Pipe` for the child's standard error; nil inherits this process's.
    public var standardError: Any?
    /// Called once, on the reaping thread, when the child has ended (before `waitUntilExit()` returns).
    public var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    // `@unchecked Sendable`: `lock` guards `pid`, `ended`, `waitStatus` and `waiters`; the configuration
    // above is set before `run()` and only read after it.
    private let lock = NSLock()
    private var pid: pid_t = 0
    private var ended = false
    private var waitStatus: Int32 = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates an unstarted child.
    public init() {}

    /// The child's process id (0 before `run()`).
    public var processIdentifier: Int32 { lock.withLock { pid } }

    /// Whether the child has started and not yet ended.
    public var isRunning: Bool { lock.withLock { pid != 0 && !ended } }

    /// The exit status, or the signal number for `.uncaughtSignal`.
    public var terminationStatus: Int32 {
        let status = lock.withLock { waitStatus }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    }

    /// Whether the child exited or was ended by a signal.
    public var terminationReason: TerminationReason {
        lock.withLock { waitStatus } & 0x7f == 0 ? .exit : .uncaughtSignal
    }

    /// Starts the child.
    /// - Throws: `SpawnError` when it cannot be started.
    public func run() throws {
        let path = executableURL?.path ?? ""
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        for (stream, target) in [(standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO)] {
            if let descriptor = Self.writingDescriptor(stream) {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        _ = posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1)
        if let directory = currentDirectoryURL?.path { _ = posix_spawn_file_actions_addchdir_np(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let environ =
            (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + environ { free(pointer) }
        }
        var child: pid_t = 0
        let code = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        guard code == 0 else { throw SpawnError(code: code, path: path) }
        // The child has its own copies of the pipes' writing ends: without closing ours, a reader
        // would never see the end of the stream.
        for stream in [standardOutput, standardError] {
            if let pipe = stream as? Pipe { try? pipe.fileHandleForWriting.close() }
        }
        let started = child
        lock.withLock { pid = started }
        Thread.detachNewThread { [self] in reap(started) }
    }

    /// Returns once the child has ended (at once when it has), the calling task suspended meanwhile.
    public func waitUntilExit() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let hasEnded = lock.withLock {
                if !ended { waiters.append(continuation) }
                return ended
            }
            if hasEnded { continuation.resume() }
        }
    }

    /// Starts the child with its standard output (and with `includingErrors` its standard error too) on a
    /// pipe, reads that to the end and waits for the child to end.
    /// - Returns: the exit status (as `terminationStatus` says it) and the output.
    /// - Throws: `SpawnError` when it cannot be started.
    public func output(includingErrors: Bool = false) async throws -> (status: Int32, output: String) {
        let pipe = Pipe()
        standardOutput = pipe
        if includingErrors { standardError = pipe }
        try run()
        let reader = pipe.fileHandleForReading
        let data = await PipeReading.readToEnd(reader)
        try? reader.close()
        await waitUntilExit()
        return (terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func reap(_ child: pid_t) {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let waiting = lock.withLock {
            waitStatus = status
            ended = true
            defer { waiters = [] }
            return waiters
        }
        terminationHandler?(self)
        for waiter in waiting { waiter.resume() }
    }

    private static func writingDescriptor(_ stream: Any?) -> Int32? {
        if let handle = stream as? FileHandle { return handle.fileDescriptor }
        if let pipe = stream as? Pipe { return pipe.fileHandleForWriting.fileDescriptor }
        return nil
    }
}
