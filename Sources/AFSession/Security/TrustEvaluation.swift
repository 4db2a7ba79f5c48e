import Foundation

/// Why a security policy trusted a server: the outcome of `SecurityPolicy.evaluate(chain:forHost:at:)`
/// when it succeeds.
public struct TrustEvaluation: Sendable, Hashable {
    /// What the decision rested on.
    public enum Basis: String, Sendable, Hashable, Codable {
        /// `.none`: the chain validated against the trust store (and named the host when required).
        case trustStore
        /// `.none` with `allowInvalidCertificates` and no domain validation: nothing was checked.
        case invalidCertificatesAllowed
        /// `.certificate`: the chain validated against the pinned certificates as anchors.
        case pinnedCertificate
        /// `.publicKey`: a certificate in the chain carries a pinned key.
        case pinnedPublicKey
        /// The authentication-challenge handler accepted the server.
        case challengeHandler
    }

    /// What the decision rested on.
    public var basis: Basis
    /// The host the chain was evaluated for.
    public var host: String
    /// The chain as validated, DER, leaf first, ending at the anchor that was reached (which may be
    /// a root the server did not send); the presented chain when no validation ran.
    public var validatedChain: [Data]
    /// The pin that matched: a pinned certificate's or key's `sha256//` SPKI pin.
    public var matchedPin: String?

    /// Creates an evaluation.
    public init(basis: Basis, host: String, validatedChain: [Data], matchedPin: String? = nil) {
        self.basis = basis
        self.host = host
        self.validatedChain = validatedChain
        self.matchedPin = matchedPin
    }
}
