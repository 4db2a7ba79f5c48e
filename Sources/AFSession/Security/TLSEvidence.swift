import Foundation

/// What a TLS transfer showed of the server: the negotiated session and the certificate chain.
public struct TLSEvidence: Sendable, Hashable, Codable {
    /// The negotiated protocol, e.g. `TLSv1.3`.
    public var protocolVersion: String
    /// The negotiated cipher suite, e.g. `TLS_AES_256_GCM_SHA384`.
    public var cipher: String
    /// The ALPN protocol agreed, e.g. `h2`, if any.
    public var alpn: String?
    /// The chain the server sent, leaf first.
    public var peerChain: [CertificateSummary]

    /// Creates evidence.
    public init(protocolVersion: String, cipher: String, alpn: String? = nil, peerChain: [CertificateSummary]) {
        self.protocolVersion = protocolVersion
        self.cipher = cipher
        self.alpn = alpn
        self.peerChain = peerChain
    }

    /// The leaf certificate, if the server sent one.
    public var leaf: CertificateSummary? { peerChain.first }
}

/// A readable summary of one X.509 certificate, with its DER bytes.
public struct CertificateSummary: Sendable, Hashable, Codable {
    /// The certificate, DER-encoded.
    public var der: Data
    /// The subject as a one-line RFC 2253 string, e.g. `CN=localhost,O=afrun fixtures`.
    public var subject: String
    /// The issuer, in the same form.
    public var issuer: String
    /// Subject alternative names as `DNS:name` or `IP:address`.
    public var subjectAlternativeNames: [String]
    /// Start of validity.
    public var notBefore: Date
    /// End of validity.
    public var notAfter: Date
    /// The serial number in upper-case hex.
    public var serialNumber: String
    /// The public key's algorithm: `RSA`, `EC`, `Ed25519`…
    public var keyType: String
    /// The key size in bits.
    public var keySize: Int
    /// The signature algorithm, e.g. `ecdsa-with-SHA256`.
    public var signatureAlgorithm: String
    /// The SPKI SHA-256 pin in curl's form: `sha256//` + base64.
    public var publicKeyPin: String

    /// Creates a summary.
    public init(
        der: Data,
        subject: String,
        issuer: String,
        subjectAlternativeNames: [String],
        notBefore: Date,
        notAfter: Date,
        serialNumber: String,
        keyType: String,
        keySize: Int,
        signatureAlgorithm: String,
        publicKeyPin: String
    ) {
        self.der = der
        self.subject = subject
        self.issuer = issuer
        self.subjectAlternativeNames = subjectAlternativeNames
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.serialNumber = serialNumber
        self.keyType = keyType
        self.keySize = keySize
        self.signatureAlgorithm = signatureAlgorithm
        self.publicKeyPin = publicKeyPin
    }
}
