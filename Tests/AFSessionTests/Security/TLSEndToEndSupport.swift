import AFSession
import FixtureServer
import Foundation

/// Policies the end-to-end table uses, built from the fixture files.
enum EndToEndPolicy: String, Sendable, CaseIterable {
    /// No pinning, the fixture root as the trust store.
    case fixtureRoot
    /// `SecurityPolicy.default`: the system store, which does not know the fixture root.
    case system
    /// `.certificate`, the fixture root pinned.
    case pinRootCertificate
    /// `.certificate`, the client CA pinned (unrelated to every server).
    case pinUnrelatedCertificate
    /// `.publicKey`, the intermediate's key pinned.
    case pinIntermediateKey
    /// `.none`, invalid certificates allowed, domain not validated: anything goes.
    case open
    /// `.none`, invalid certificates allowed, domain validated: refused by rule 1.
    case openValidatingDomain
    /// The fixture root trusted, domain not validated.
    case noDomainValidation
    /// `.certificate`, the fixture root pinned, invalid certificates allowed.
    case pinRootAllowingInvalid
    /// `.publicKey`, the server's own leaf key pinned, invalid certificates allowed.
    case pinLeafKeyAllowingInvalid
    /// `.certificate`, the server's own leaf pinned, invalid certificates allowed.
    case pinLeafAllowingInvalid
    /// `.certificate`, the unknown root (never sent) pinned, invalid certificates allowed.
    case pinUnknownRootAllowingInvalid
    /// `.publicKey`, the unknown root's key pinned, invalid certificates allowed.
    case pinUnknownRootKeyAllowingInvalid

    /// The leaf fixture each server variant presents.
    static func leafName(_ variant: FixtureServer.TLSVariant) -> String {
        switch variant {
        case .valid, .mutualTLS: "leaf"
        case .expired: "expired"
        case .notYetValid: "not-yet-valid"
        case .wrongHost: "wrong-host"
        case .selfSigned: "self-signed"
        case .unknownCA: "unknown-ca-leaf"
        }
    }

    func make(for variant: FixtureServer.TLSVariant) throws -> SecurityPolicy {
        let root = TLSFixtures.rootTrustStore
        let leaf = try TLSFixtures.der(Self.leafName(variant))
        switch self {
        case .fixtureRoot: return SecurityPolicy(trustStore: root)
        case .system: return .default
        case .pinRootCertificate:
            return SecurityPolicy(
                pinningMode: .certificate,
                pinnedCertificates: [try TLSFixtures.der("root-ca")],
                trustStore: root
            )
        case .pinUnrelatedCertificate:
            return SecurityPolicy(
                pinningMode: .certificate,
                pinnedCertificates: [try TLSFixtures.der("client-ca")],
                trustStore: root
            )
        case .pinIntermediateKey:
            return SecurityPolicy(
                pinningMode: .publicKey,
                pinnedCertificates: [try TLSFixtures.der("intermediate-ca")],
                trustStore: root
            )
        case .open: return SecurityPolicy(allowInvalidCertificates: true, validatesDomainName: false)
        case .openValidatingDomain: return SecurityPolicy(allowInvalidCertificates: true)
        case .noDomainValidation: return SecurityPolicy(validatesDomainName: false, trustStore: root)
        case .pinRootAllowingInvalid:
            return SecurityPolicy(
                pinningMode: .certificate,
                pinnedCertificates: [try TLSFixtures.der("root-ca")],
                allowInvalidCertificates: true,
                trustStore: root
            )
        case .pinLeafKeyAllowingInvalid:
            return SecurityPolicy(
                pinningMode: .publicKey,
                pinnedCertificates: [leaf],
                allowInvalidCertificates: true,
                trustStore: root
            )
        case .pinLeafAllowingInvalid:
            return SecurityPolicy(
                pinningMode: .certificate,
                pinnedCertificates: [leaf],
                allowInvalidCertificates: true,
                trustStore: root
            )
        case .pinUnknownRootAllowingInvalid:
            return SecurityPolicy(
                pinningMode: .certificate,
                pinnedCertificates: [try TLSFixtures.der("unknown-root-ca")],
                allowInvalidCertificates: true,
                trustStore: root
            )
        case .pinUnknownRootKeyAllowingInvalid:
            return SecurityPolicy(
                pinningMode: .publicKey,
                pinnedCertificates: [try TLSFixtures.der("unknown-root-ca")],
                allowInvalidCertificates: true,
                trustStore: root
            )
        }
    }
}

/// What one HTTPS request through a session produced.
struct EndToEndResult {
    /// The response status, or nil when the request failed.
    var status: Int?
    /// The failure, if any.
    var error: SessionError?
    /// The evidence of a successful transfer.
    var evidence: TLSEvidence?
    /// Requests the variant's endpoint received.
    var requestsReceived: Int
}

/// Sends `GET /get` to one TLS variant of a fresh fixture server with a policy.
func requestThroughSession(
    _ variant: FixtureServer.TLSVariant,
    policy: SecurityPolicy,
    host: String? = nil
) async throws -> EndToEndResult {
    var serverConfiguration = FixtureServer.Configuration()
    serverConfiguration.tlsVariants = [variant]
    return try await withFixtureServer(serverConfiguration) { server in
        var configuration = SessionConfiguration()
        configuration.securityPolicy = policy
        var components = URLComponents(url: server.url(for: variant), resolvingAgainstBaseURL: false)!
        if let host { components.host = host }
        components.path = "/get"
        let url = components.url!
        let sessionConfiguration = configuration
        return await withSessionManager(configuration: sessionConfiguration) { session in
            do throws(SessionError) {
                let response = try await session.data(for: HTTPRequest(url: url))
                return EndToEndResult(
                    status: response.response.statusCode,
                    error: nil,
                    evidence: response.metrics.tlsEvidence,
                    requestsReceived: server.requestCount(for: variant)
                )
            } catch {
                return EndToEndResult(
                    status: nil,
                    error: error,
                    evidence: nil,
                    requestsReceived: server.requestCount(for: variant)
                )
            }
        }
    }
}
