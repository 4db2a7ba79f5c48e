import Foundation

/// The writer thread's CPU priority during insert passes nobody waits for: `SCHED_IDLE` where the process may
/// undo it, else a few nice levels lower.
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

    /// Whether the calling thread can be put under `SCHED_IDLE` and back under `SCHED_OTHER` in this process
    /// (probed once on a thread of its own, like `available`).
    static let idleAvailable: Bool = {
        let outcome = ProbeResult()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.restored = setPolicy(schedIdle) && setPolicy(SCHED_OTHER)
            done.signal()
        }
        thread.start()
        done.wait()
        return outcome.restored
    }()

    /// Lowers the calling thread's priority: `SCHED_IDLE` (it runs only on a core nothing else wants, and any
    /// other thread that wakes takes the core at once) when `idleAvailable`, else `backgroundNice` nice levels
    /// when `available`. A few points of a 2,000-test run's wall time better than nice levels alone
    /// (docs/performance.md, History, "Ninth round").
    /// - Returns: the nice value to restore, or nil when nothing changed.
    static func lower() -> Int32? {
        if idleAvailable {
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            if errno == 0, setPolicy(schedIdle) { return current }
        }
        return available ? lowerCallingThread() : nil
    }

    /// Gives the calling thread its scheduling policy (`SCHED_OTHER`) and nice value back.
    /// - Returns: whether it could.
    @discardableResult
    static func restore(_ nice: Int32) -> Bool {
        let policy = sched_getscheduler(0) == schedIdle ? setPolicy(SCHED_OTHER) : true
        // `PRIO_PROCESS` with 0 is the calling thread on Linux (nice values are per thread).
        return policy && setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) == 0
    }

    /// Linux's `SCHED_IDLE` (Glibc's header declares it only under `_GNU_SOURCE`, which Swift does not define).
    static let schedIdle: Int32 = 5

    /// Sets the calling thread's scheduling policy (priority 0, as both `SCHED_OTHER` and `SCHED_IDLE` need).
    private static func setPolicy(_ policy: Int32) -> Bool {
        var parameters = sched_param()
        parameters.sched_priority = 0
        return pthread_setschedparam(pthread_self(), policy, &parameters) == 0
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
