import AFSession
import Foundation
import Testing

@Suite("Certificate summaries and pins")
struct CertificateSummaryTests {
    @Test("every SPKI pin equals the one the openssl CLI computed (pins.txt)")
    func pinsMatchOpenSSL() throws {
        let pins = try TLSFixtures.pins()
        #expect(pins.count == 10)
        for (name, pin) in pins {
            let summary = try #require(CertificateSummary(der: TLSFixtures.der(name)), "\(name).der")
            #expect(summary.publicKeyPin == pin, "\(name)")
        }
    }

    // Subjects read as `openssl x509 -subject -nameopt RFC2253` prints them: RFC 2253 lists the
    // DER's last attribute first, and `openssl ca` stored these names as CN, then O.
    @Test("the leaf's fields")
    func leaf() throws {
        let der = try TLSFixtures.der("leaf")
        let summary = try #require(CertificateSummary(der: der))
        #expect(summary.der == der)
        #expect(summary.subject == "O=afrun fixtures,CN=localhost")
        #expect(summary.issuer == "O=afrun fixtures,CN=afrun Test Intermediate CA")
        #expect(summary.subjectAlternativeNames == ["DNS:localhost", "IP:127.0.0.1", "IP:::1"])
        #expect(summary.notBefore == ISO8601DateFormatter().date(from: "2024-01-01T00:00:00Z"))
        #expect(summary.notAfter == ISO8601DateFormatter().date(from: "2124-01-01T00:00:00Z"))
        #expect(summary.serialNumber == "1000")
        #expect(summary.keyType == "EC")
        #expect(summary.keySize == 256)
        #expect(summary.signatureAlgorithm == "ecdsa-with-SHA256")
    }

    @Test("the root's fields: RSA, self-issued, no SAN")
    func root() throws {
        let summary = try #require(CertificateSummary(der: TLSFixtures.der("root-ca")))
        #expect(summary.subject == "O=afrun fixtures,CN=afrun Test Root CA")
        #expect(summary.issuer == summary.subject)
        #expect(summary.subjectAlternativeNames.isEmpty)
        #expect(summary.keyType == "RSA")
        #expect(summary.keySize == 2048)
        #expect(summary.signatureAlgorithm == "sha256WithRSAEncryption")
    }

    @Test("a PEM chain summarizes leaf first; garbage gives nothing")
    func pemChain() throws {
        let data = try Data(contentsOf: TLSFixtures.url("leaf-chain.pem"))
        let summaries = CertificateSummary.summaries(pemOrDER: data)
        #expect(
            summaries.map(\.subject) == [
                "O=afrun fixtures,CN=localhost", "O=afrun fixtures,CN=afrun Test Intermediate CA",
            ]
        )
        #expect(CertificateSummary.summaries(pemOrDER: Data("hello".utf8)).isEmpty)
        #expect(CertificateSummary(der: Data([0x30, 0x03, 0x02, 0x01, 0x01])) == nil)
    }

    @Test("a summary survives JSON (the runner stores evidence)")
    func codable() throws {
        let summary = try #require(CertificateSummary(der: TLSFixtures.der("wrong-host")))
        let evidence = TLSEvidence(protocolVersion: "TLSv1.3", cipher: "TLS_AES_128_GCM_SHA256", peerChain: [summary])
        let decoded = try JSONDecoder().decode(TLSEvidence.self, from: JSONEncoder().encode(evidence))
        #expect(decoded == evidence)
        #expect(decoded.leaf?.subjectAlternativeNames == ["DNS:wrong.example", "DNS:*.wrong.example"])
    }
}
