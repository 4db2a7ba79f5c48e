/// How a security policy pins the server's certificates (AFNetworking's `AFSSLPinningMode`).
public enum PinningMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// No pinning: the system (or configured) trust store decides.
    case none
    /// Some certificate in the server's chain must carry one of the pinned public keys.
    case publicKey
    /// The pinned certificates are the trust anchors, and one of them must be in the validated chain.
    case certificate
}
