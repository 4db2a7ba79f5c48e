import Foundation

/// Decides whether a server is trusted, during the TLS handshake, before any request byte is sent
/// (AFNetworking's `AFSecurityPolicy`).
///
/// The evaluation is a pure function, `evaluate(chain:forHost:at:)` (its rule table is in
/// `SecurityPolicy+Evaluation.swift` and `docs/trust-evaluation.md`); the transfer runs it from
/// OpenSSL's verify callback, so a refused server never receives a request byte.
///
/// CONTRACT: the stored properties below are the shape the rest of the project relies on.
public struct SecurityPolicy: Sendable, Hashable {
    /// The pinning mode.
    public var pinningMode: PinningMode
    /// Pinned certificates, DER-encoded.
    public var pinnedCertificates: [Data]
    /// Extra pinned public keys in curl's form (`sha256//` + base64 of the SPKI's SHA-256).
    public var pinnedPublicKeys: Set<String>
    /// Whether invalid (expired, untrusted, self-signed) certificates are accepted.
    public var allowInvalidCertificates: Bool
    /// Whether the certificate must name the host (SAN DNS or IP).
    public var validatesDomainName: Bool
    /// Which roots are trusted when pinning does not replace them.
    public var trustStore: TrustStore
    /// A client certificate for mutual TLS.
    public var clientCertificate: ClientCertificate?
    /// An authentication-challenge hook that may overrule the policy's verdict during the
    /// handshake (AFNetworking's `authenticationChallengeHandler`); see `ServerTrustChallengeHandler`.
    public var serverTrustChallengeHandler: ServerTrustChallengeHandler? = nil

    /// Creates a policy.
    public init(
        pinningMode: PinningMode = .none,
        pinnedCertificates: [Data] = [],
        pinnedPublicKeys: Set<String> = [],
        allowInvalidCertificates: Bool = false,
        validatesDomainName: Bool = true,
        trustStore: TrustStore = .system,
        clientCertificate: ClientCertificate? = nil
    ) {
        self.pinningMode = pinningMode
        self.pinnedCertificates = pinnedCertificates
        self.pinnedPublicKeys = pinnedPublicKeys
        self.allowInvalidCertificates = allowInvalidCertificates
        self.validatesDomainName = validatesDomainName
        self.trustStore = trustStore
        self.clientCertificate = clientCertificate
    }

    /// System trust, no pinning, domain name validated.
    public static let `default` = SecurityPolicy()
}

/// Where trusted root certificates come from.
public enum TrustStore: Sendable, Hashable {
    /// The system bundle (`/etc/ssl/certs/ca-certificates.crt` on Debian).
    case system
    /// A PEM file of CA certificates, in place of the system store.
    case caFile(URL)
    /// A directory of PEM CA certificates, in place of the system store.
    case caDirectory(URL)
}

/// A client certificate and key for mutual TLS, both PEM files.
public struct ClientCertificate: Sendable, Hashable {
    /// The certificate (PEM).
    public var certificateFile: URL
    /// The private key (PEM).
    public var keyFile: URL
    /// The key's passphrase, if it is encrypted.
    public var passphrase: String?

    /// Creates a client certificate reference.
    public init(certificateFile: URL, keyFile: URL, passphrase: String? = nil) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.passphrase = passphrase
    }
}
