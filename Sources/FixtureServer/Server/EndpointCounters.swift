import Synchronization

/// Counters of one endpoint, bumped from event-loop threads without a lock.
final class EndpointCounters: Sendable {
    /// Requests whose head reached a route handler.
    let requests = Atomic<Int>(0)
    /// TCP connections accepted.
    let connections = Atomic<Int>(0)
    /// TLS handshakes that completed (a client that rejects the certificate never completes one).
    let handshakes = Atomic<Int>(0)
}
