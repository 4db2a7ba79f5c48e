#if canImport(Glibc)
import Glibc
#endif

/// A lock around a value, with the same `withLock` shape as `Synchronization.Mutex`; the session
/// core and the runner use it for every piece of state shared between threads.
///
/// Why not `Synchronization.Mutex`: on Linux it parks threads with raw `futex` calls that
/// ThreadSanitizer does not see, so every access it guards is reported as a race and
/// `swift test --sanitize=thread` cannot tell real races from those. This one is a
/// `pthread_mutex_t`, which TSan understands; its cost is the same uncontended.
public final class LockedValue<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched inside `withLock`, under `lock`.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates a lock holding `value`.
    /// - Parameter value: the initial value.
    public init(_ value: consuming Value) {
        self.value = value
        lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    /// - Parameter body: reads or changes the value; it must not call back into this lock.
    /// - Returns: what `body` returns.
    @inline(__always)
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}

extension LockedValue: CustomReflectable where Value: ~Copyable {
    /// No children: reading the value outside the lock would race, and a non-copyable value cannot be
    /// copied out. (Swift Testing reflects the operands of a failed `#expect`; a lock whose value it
    /// tried to copy would end the test process instead of reporting the failure.)
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
