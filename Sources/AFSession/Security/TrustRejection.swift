import Foundation

/// Why a security policy refused a server, with the chain it saw.
public struct TrustRejection: Error, Sendable, CustomStringConvertible {
    /// The reason.
    public var reason: TrustFailureReason
    /// The host that was being connected to.
    public var host: String
    /// The chain the server presented, leaf first.
    public var chain: [CertificateSummary]
    /// The request that was not sent.
    public var request: HTTPRequest?
    /// What to change in the policy, when the rejection comes from a rule users trip over (a pinned
    /// certificate the trust store does not know).
    public var hint: String?

    /// Creates a rejection.
    public init(
        reason: TrustFailureReason,
        host: String,
        chain: [CertificateSummary],
        request: HTTPRequest? = nil,
        hint: String? = nil
    ) {
        self.reason = reason
        self.host = host
        self.chain = chain
        self.request = request
        self.hint = hint
    }

    /// `server trust rejected for HOST: REASON`, then the hint when there is one.
    public var description: String {
        let sentence = "server trust rejected for \(host): \(reason)"
        return hint.map { "\(sentence) (\($0))" } ?? sentence
    }
}

/// The reasons a policy refuses a server. `name` is the stable identifier used in suites
/// (`{"rejected": "pinMismatch"}`) and in the history database.
public enum TrustFailureReason: Sendable, Hashable, CustomStringConvertible {
    /// A certificate in the chain has expired.
    case expired
    /// A certificate in the chain is not valid yet.
    case notYetValid
    /// The leaf does not name the host.
    case hostMismatch
    /// The chain does not lead to a trusted root.
    case untrustedRoot
    /// The leaf is self-signed and not trusted.
    case selfSigned
    /// No certificate or key in the chain matches a pin.
    case pinMismatch
    /// The policy itself is not allowed (AFNetworking's rule: allowing invalid certificates while
    /// validating the domain name requires pinning).
    case policyRefused(String)
    /// Another verification failure, with OpenSSL's text.
    case other(String)

    /// The stable identifier: `expired`, `notYetValid`, `hostMismatch`, `untrustedRoot`,
    /// `selfSigned`, `pinMismatch`, `policyRefused`, `other`.
    public var name: String {
        switch self {
        case .expired: "expired"
        case .notYetValid: "notYetValid"
        case .hostMismatch: "hostMismatch"
        case .untrustedRoot: "untrustedRoot"
        case .selfSigned: "selfSigned"
        case .pinMismatch: "pinMismatch"
        case .policyRefused: "policyRefused"
        case .other: "other"
        }
    }

    /// A short sentence.
    public var description: String {
        switch self {
        case .expired: "certificate has expired"
        case .notYetValid: "certificate is not yet valid"
        case .hostMismatch: "certificate does not match the host name"
        case .untrustedRoot: "certificate chain does not lead to a trusted root"
        case .selfSigned: "self-signed certificate is not trusted"
        case .pinMismatch: "no certificate in the chain matches a pin"
        case .policyRefused(let why): "security policy refused: \(why)"
        case .other(let text): text
        }
    }
}
