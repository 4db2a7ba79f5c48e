import Foundation
import Testing

@testable import AFSession

@Suite("Security policy: loading pins, defaults, transport settings")
struct SecurityPolicyLoadingTests {
    @Test("the default policy is AFNetworking's")
    func defaults() {
        let policy = SecurityPolicy.default
        #expect(policy.pinningMode == .none)
        #expect(policy.pinnedCertificates.isEmpty)
        #expect(!policy.allowInvalidCertificates)
        #expect(policy.validatesDomainName)
        #expect(policy.trustStore == .system)
        #expect(policy.clientCertificate == nil)
    }

    @Test("DER and PEM files load to the same DER; a PEM chain to each certificate")
    func files() throws {
        let der = try TLSFixtures.der("leaf")
        #expect(try SecurityPolicy.certificates(contentsOf: TLSFixtures.url("leaf.der")) == [der])
        #expect(try SecurityPolicy.certificates(contentsOf: TLSFixtures.url("leaf.pem")) == [der])
        let chain = try SecurityPolicy.certificates(contentsOf: TLSFixtures.url("leaf-chain.pem"))
        #expect(chain == [der, try TLSFixtures.der("intermediate-ca")])
        #expect(throws: SessionError.self) { try SecurityPolicy.certificates(contentsOf: TLSFixtures.url("leaf.key")) }
        #expect(throws: SessionError.self) { try SecurityPolicy.certificates(contentsOf: TLSFixtures.url("nope.pem")) }
    }

    @Test("a folder yields every .cer/.der/.crt/.pem certificate and nothing else")
    func folder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-pins-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copies = [
            ("root-ca.der", "a.cer"), ("intermediate-ca.pem", "b.crt"), ("leaf.der", "c.der"),
            ("wrong-host.pem", "d.PEM"),
        ]
        for (source, target) in copies {
            try FileManager.default.copyItem(at: TLSFixtures.url(source), to: folder.appendingPathComponent(target))
        }
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let expected = try ["root-ca", "intermediate-ca", "leaf", "wrong-host"].map(TLSFixtures.der)
        #expect(try SecurityPolicy.certificates(inDirectory: folder) == expected)

        var policy = SecurityPolicy(pinningMode: .certificate)
        try policy.pinCertificates(from: [folder, TLSFixtures.url("self-signed.pem")])
        #expect(policy.pinnedCertificates == expected + [try TLSFixtures.der("self-signed")])

        try Data("junk".utf8).write(to: folder.appendingPathComponent("e.cer"))
        #expect(throws: SessionError.self) { try SecurityPolicy.certificates(inDirectory: folder) }
    }

    @Test("pinned keys: derived from the certificates plus explicit pins")
    func effectivePins() throws {
        let pins = try TLSFixtures.pins()
        var policy = SecurityPolicy.policy(
            withPinningMode: .publicKey,
            withPinnedCertificates: [try TLSFixtures.der("root-ca")]
        )
        policy.pinnedPublicKeys = ["sha256//AAAA"]
        #expect(policy.effectivePublicKeyPins == [try #require(pins["root-ca"]), "sha256//AAAA"])
        #expect(policy.pinningMode == .publicKey)
        #expect(policy.validatesDomainName && !policy.allowInvalidCertificates)
    }

    @Test("transport settings follow the trust store and client certificate; curl never decides alone")
    func transportSettings() {
        var policy = SecurityPolicy.default
        var settings = policy.transportSettings()
        #expect(settings.caInfoPath == "/etc/ssl/certs/ca-certificates.crt")
        #expect(settings.caPath == nil)
        #expect(settings.usesVerifyCallback)
        #expect(!settings.verifyHost)

        policy.trustStore = .caDirectory(URL(fileURLWithPath: "/tmp/cas"))
        policy.clientCertificate = ClientCertificate(
            certificateFile: URL(fileURLWithPath: "/c.pem"),
            keyFile: URL(fileURLWithPath: "/k.pem"),
            passphrase: "afrun"
        )
        settings = policy.transportSettings()
        #expect(settings.caInfoPath == nil)
        #expect(settings.caPath == "/tmp/cas")
        #expect(settings.clientCertificatePath == "/c.pem")
        #expect(settings.clientKeyPath == "/k.pem")
        #expect(settings.clientKeyPassphrase == "afrun")
    }
}
