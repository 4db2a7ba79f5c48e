import Foundation

/// The writer thread's CPU priority during insert passes nobody waits for.
///
/// On a machine whose cores are busy with the run itself (the transfer loop, the workers, a local server),
/// the writer's thread at the same priority preempts them whenever it wakes (every gathering interval), and
/// its CPU comes out of the requests' time. A few nice levels lower, it runs in the gaps they leave; a pass
/// someone waits for (`flush`, the run's end) or that commits (the SIGKILL bound) runs at the thread's own
/// priority. Measured in docs/performance.md, "Seventh round".
///
/// The writer runs on a Dispatch worker thread that goes back to the pool after each drain, so the priority
/// is raised back every time; raising it needs `CAP_SYS_NICE` or a `RLIMIT_NICE` that allows it. Whether
/// this process can is probed once on a thread of its own (so a failed raise leaves no pool thread slowed);
/// where it cannot (most unprivileged users), the writer keeps its priority.
enum WriterPriority {
    /// How many nice levels lower the background insert passes run.
    static let backgroundNice: Int32 = 10

    /// Whether the calling thread's nice value can be raised and then lowered back in this process.
    static let available: Bool = {
        guard backgroundNice > 0 else { return false }
        let outcome = ProbeResult()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            if let previous = lowerCallingThread() { outcome.restored = restore(previous) }
            done.signal()
        }
        thread.start()
        done.wait()
        return outcome.restored
    }()

    /// Lowers the calling thread's priority by `backgroundNice` when `available`.
    /// - Returns: the nice value to restore, or nil when nothing changed.
    static func lower() -> Int32? {
        available ? lowerCallingThread() : nil
    }

    /// Gives the calling thread its nice value back.
    /// - Returns: whether it could.
    @discardableResult
    static func restore(_ nice: Int32) -> Bool {
        // `PRIO_PROCESS` with 0 is the calling thread on Linux (nice values are per thread).
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) == 0
    }

    private static func lowerCallingThread() -> Int32? {
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        guard errno == 0, setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, current + backgroundNice) == 0 else {
            return nil
        }
        return current
    }

    /// The probe thread's answer; written before the semaphore is signalled and read after the wait.
    private final class ProbeResult: @unchecked Sendable {
        // @unchecked Sendable: written by the probe thread before `done.signal()`, read after `done.wait()`.
        var restored = false
    }
}
