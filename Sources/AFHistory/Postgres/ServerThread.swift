import Foundation
import Locking
import PostgresNIO

/// Blocking work with a PostgreSQL server (the background connect, the push at a run's end), each on a
/// thread of its own.
///
/// Not on `DispatchQueue.global()`: on Linux its threads are the ones Swift's tasks run on too, as many as
/// there are cores, and a new one comes only after a second in which none could run. A connect or a push
/// blocks its thread for up to `--history-timeout`: there, it held back the run's own tasks, and a push
/// queued behind busy threads started late, with its deadline not yet counting (seen under ThreadSanitizer
/// beside 16 pushing writers: 2.7 s before the push started, and up to 35 s before the waiting run resumed).
enum ServerThread {
    /// Runs `work` on a new thread named `name`.
    static func start(_ name: String, _ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.name = name
        thread.start()
    }

    /// Runs `work` on a new thread and waits for it until `deadline`.
    /// - Returns: true when `work` ended, false when the deadline came first (`work` then goes on alone).
    static func run(
        _ name: String,
        waitingUntil deadline: NIODeadline,
        _ work: @escaping @Sendable () -> Void
    ) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let waiting = LockedValue<CheckedContinuation<Bool, Never>?>(continuation)
            // Whichever comes first resumes the caller; the other finds nothing to resume.
            let resume: @Sendable (Bool) -> Void = { ended in
                let continuation = waiting.withLock { waiting in
                    defer { waiting = nil }
                    return waiting
                }
                continuation?.resume(returning: ended)
            }
            // On NIO's own threads, which nothing here blocks.
            let timer = PostgresConnection.defaultEventLoopGroup.any().scheduleTask(deadline: deadline) {
                resume(false)
            }
            start(name) {
                work()
                timer.cancel()
                resume(true)
            }
        }
    }
}
