import Foundation

/// What the authentication-challenge hook sees: the host, the chain the server presented, and the
/// policy's own verdict, already computed.
public struct ServerTrustChallenge: Sendable {
    /// The host being connected to.
    public var host: String
    /// The chain the server presented, DER, leaf first.
    public var chain: [Data]
    /// What `SecurityPolicy.evaluate(chain:forHost:at:)` decided.
    public var defaultEvaluation: Result<TrustEvaluation, TrustRejection>

    /// Creates a challenge.
    public init(host: String, chain: [Data], defaultEvaluation: Result<TrustEvaluation, TrustRejection>) {
        self.host = host
        self.chain = chain
        self.defaultEvaluation = defaultEvaluation
    }

    /// Summaries of the presented chain (computed on each call).
    public var summaries: [CertificateSummary] { chain.compactMap { CertificateSummary(der: $0) } }
}

/// The answer of an authentication-challenge hook (AFNetworking's challenge dispositions).
public enum ServerTrustDisposition: Sendable, Hashable {
    /// Trust the server whatever the policy decided.
    case accept
    /// Refuse the server; the transfer fails with `SessionError.serverTrustRejected` and the
    /// reason `policyRefused`.
    case reject
    /// Use the policy's own verdict (`ServerTrustChallenge.defaultEvaluation`).
    case performDefaultHandling
}

/// AFNetworking's `authenticationChallengeHandler` for server trust: a closure a policy carries that
/// may overrule the policy's verdict.
///
/// It lives on `SecurityPolicy` (not on the session) because the policy is what the transfer
/// consults during the handshake, so every session and runner that carries a policy carries its
/// hook. **It runs during the TLS handshake, on the session's transfer-loop thread**, once per
/// new connection, before any request byte is sent: it must return quickly and must not block or
/// wait on other transfers of the same session. Policies compare equal when they hold the same
/// handler value (same `id`).
public struct ServerTrustChallengeHandler: Sendable, Hashable {
    /// Identity for `Hashable`: closures cannot be compared.
    public let id: UUID
    /// The closure.
    public let handle: @Sendable (ServerTrustChallenge) -> ServerTrustDisposition

    /// Wraps a closure.
    /// - Parameter handle: called during the handshake with the challenge; returns the disposition.
    public init(_ handle: @escaping @Sendable (ServerTrustChallenge) -> ServerTrustDisposition) {
        self.id = UUID()
        self.handle = handle
    }

    /// Same handler value.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
