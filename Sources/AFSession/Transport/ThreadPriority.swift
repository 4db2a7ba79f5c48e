import Foundation

/// The calling thread's nice value. Linux keeps one per thread (`PRIO_PROCESS` with 0 names the calling
/// thread), and a new thread starts with its creator's.
enum ThreadPriority {
    /// The calling thread's nice value; nil if it cannot be read.
    static func current() -> Int32? {
        errno = 0
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        return errno == 0 ? nice : nil
    }

    /// Sets the calling thread's nice value.
    /// - Returns: whether it could: a lower value (a higher priority) needs root, `CAP_SYS_NICE` or a
    ///   `RLIMIT_NICE` that allows it.
    @discardableResult
    static func set(_ nice: Int32) -> Bool {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) == 0
    }
}
