import AFSession
import Locking

/// Bounds the requests in flight across a whole run (`--jobs N`): an async counting semaphore.
/// Waiters are resumed in arrival order, outside the lock, exactly once.
public final class JobLimiter: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
        var inFlight = 0
        var peak = 0
    }
    private let state: LockedValue<State>

    /// Creates a limiter that allows `limit` holders at once (at least 1).
    public init(limit: Int) {
        state = LockedValue(State(available: max(1, limit)))
    }

    /// Waits for a slot.
    public func acquire() async {
        let acquired = state.withLock { s -> Bool in
            guard s.available > 0 else { return false }
            s.available -= 1
            s.inFlight += 1
            s.peak = max(s.peak, s.inFlight)
            return true
        }
        if acquired { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { s -> Bool in
                // A slot may have been released between the first check and now.
                if s.available > 0 {
                    s.available -= 1
                    s.inFlight += 1
                    s.peak = max(s.peak, s.inFlight)
                    return true
                }
                s.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Gives a slot back, handing it straight to the oldest waiter if there is one.
    public func release() {
        let next = state.withLock { s -> CheckedContinuation<Void, Never>? in
            if s.waiters.isEmpty {
                s.available += 1
                s.inFlight -= 1
                return nil
            }
            // The slot passes to the waiter: in-flight count unchanged.
            return s.waiters.removeFirst()
        }
        next?.resume()
    }

    /// Runs `body` holding a slot.
    public func withSlot<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    /// The slots held now.
    public var inFlight: Int { state.withLock { $0.inFlight } }

    /// The most slots held at once so far (for tests of the bound).
    public var peakInFlight: Int { state.withLock { $0.peak } }
}
