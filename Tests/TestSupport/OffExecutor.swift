import Foundation

/// Runs blocking work (a read of a pipe, a wait for a child, a semaphore) on a thread of its own.
///
/// Every test, synchronous or `async`, runs on Swift's shared cooperative executor, which has one thread per
/// core: two on CI. A test that blocks one of them (waiting for `afrun`, `curl` or `sqlite3`, reading their
/// output) takes it from every other test meanwhile, and a few such tests at once starve the rest, their time
/// limits and the fixture server's tasks included (seen: a test waiting more than 20 s for a thread). Work
/// run here blocks a thread of its own instead, and the caller's task is suspended, not blocked.
public enum OffExecutor {
    /// Runs `work` on a new thread and returns what it returns, the calling task suspended meanwhile.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
