import AFSession
import Locking

/// One `SessionManager` per distinct security policy and HTTP version, made on first use and shut down
/// together at the end of a run (each policy needs its own TLS settings; connections are reused within one).
/// A request asking for another HTTP version than the connection it would reuse was made with breaks
/// (libcurl sends an h2c preface on a kept-alive HTTP/1.1 connection), so versions never share one.
public final class SessionPool: Sendable {
    private struct Key: Hashable {
        var policy: SecurityPolicy
        var httpVersion: HTTPVersionPreference?
    }
    private let sessions = LockedValue<[Key: SessionManager]>([:])
    private let base: SessionConfiguration

    /// Creates a pool whose sessions start from `configuration`.
    public init(configuration: SessionConfiguration) {
        base = configuration
    }

    /// The session for `policy` and, when a suite asks for one, `httpVersion`.
    public func session(for policy: SecurityPolicy, httpVersion: HTTPVersionPreference? = nil) -> SessionManager {
        let key = Key(policy: policy, httpVersion: httpVersion)
        return sessions.withLock { sessions in
            if let existing = sessions[key] { return existing }
            var configuration = base
            configuration.securityPolicy = policy
            if let httpVersion { configuration.httpVersion = httpVersion }
            let session = SessionManager(configuration: configuration)
            sessions[key] = session
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
