import AFSession
import FixtureServer
import Foundation
import Testing

/// Client certificates against the `.mutualTLS` variant, which requires one from the client CA.
@Suite("Mutual TLS")
struct MutualTLSTests {
    private func policy(key: String? = nil, passphrase: String? = nil) -> SecurityPolicy {
        var policy = SecurityPolicy(trustStore: TLSFixtures.rootTrustStore)
        if let key {
            policy.clientCertificate = ClientCertificate(
                certificateFile: TLSFixtures.url("client.pem"), keyFile: TLSFixtures.url(key), passphrase: passphrase)
        }
        return policy
    }

    @Test("accepted with client.pem and client.key")
    func plainKey() async throws {
        let result = try await requestThroughSession(.mutualTLS, policy: policy(key: "client.key"))
        #expect(result.status == 200, "\(String(describing: result.error))")
        #expect(result.requestsReceived == 1)
    }

    @Test("accepted with the encrypted key and its passphrase")
    func encryptedKey() async throws {
        let result = try await requestThroughSession(.mutualTLS, policy: policy(key: "client-encrypted.key", passphrase: "afrun"))
        #expect(result.status == 200, "\(String(describing: result.error))")
    }

    @Test("refused without a client certificate; the server sees no request")
    func noCertificate() async throws {
        let result = try await requestThroughSession(.mutualTLS, policy: policy())
        #expect(result.status == nil)
        let error = try #require(result.error)
        if case .serverTrustRejected = error { Issue.record("the client trusted the server; the server refused the client") }
        #expect(result.requestsReceived == 0)
    }

    @Test("a wrong passphrase fails before connecting")
    func wrongPassphrase() async throws {
        let result = try await requestThroughSession(.mutualTLS, policy: policy(key: "client-encrypted.key", passphrase: "nope"))
        #expect(result.status == nil)
        #expect(result.error != nil)
        #expect(result.requestsReceived == 0)
    }
}
