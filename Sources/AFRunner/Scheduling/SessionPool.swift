import AFSession
import Locking

/// One `SessionManager` per distinct security policy, made on first use and shut down together
/// at the end of a run (each policy needs its own TLS settings; connections are reused within one).
public final class SessionPool: Sendable {
    private let sessions = LockedValue<[SecurityPolicy: SessionManager]>([:])
    private let base: SessionConfiguration

    /// Creates a pool whose sessions start from `configuration`.
    public init(configuration: SessionConfiguration) {
        base = configuration
    }

    /// The session for `policy`.
    public func session(for policy: SecurityPolicy) -> SessionManager {
        sessions.withLock { sessions in
            if let existing = sessions[policy] { return existing }
            var configuration = base
            configuration.securityPolicy = policy
            let session = SessionManager(configuration: configuration)
            sessions[policy] = session
            return session
        }
    }

    /// How many sessions were made.
    public var count: Int { sessions.withLock { $0.count } }

    /// Shuts every session down.
    public func shutdown() async {
        let all = sessions.withLock { sessions in
            let all = Array(sessions.values)
            sessions.removeAll()
            return all
        }
        for session in all { await session.shutdown() }
    }
}
