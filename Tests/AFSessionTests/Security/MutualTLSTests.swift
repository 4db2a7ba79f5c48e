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
                certificateFile: TLSFixtures.url("client.pem"),
                keyFile: TLSFixtures.url(key),
                passphrase: passphrase
            )
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
        let result = try await requestThroughSession(
            .mutualTLS,
            policy: policy(key: "client-encrypted.key", passphrase: "afrun")
        )
        #expect(result.status == 200, "\(String(describing: result.error))")
    }

    @Test("refused without a client certificate; the server sees no request")
    func noCertificate() async throws {
        let result = try await requestThroughSession(.mutualTLS, policy: policy())
        #expect(result.status == nil)
        let error = try #require(result.error)
        if case .serverTrustRejected = error {
            Issue.record("the client trusted the server; the server refused the client")
        }
        // A TLS error that names the cause, not a lost connection.
        guard case .tlsFailure(let failure) = error else {
            Issue.record("expected a TLS failure, got \(error)")
            return
        }
        #expect(failure.message.hasPrefix("the server requires a client certificate"), "\(failure.message)")
        #expect(result.requestsReceived == 0)
    }

    @Test("a wrong passphrase fails before connecting")
    func wrongPassphrase() async throws {
        let result = try await requestThroughSession(
            .mutualTLS,
            policy: policy(key: "client-encrypted.key", passphrase: "nope")
        )
        #expect(result.status == nil)
        guard case .tlsFailure(let failure)? = result.error else {
            Issue.record("expected a TLS failure, got \(String(describing: result.error))")
            return
        }
        #expect(
            failure.message.hasPrefix("wrong passphrase for the client key client-encrypted.key"),
            "\(failure.message)"
        )
        #expect(result.requestsReceived == 0)
    }

    @Test("an encrypted key without a passphrase says so")
    func missingPassphrase() async throws {
        let result = try await requestThroughSession(.mutualTLS, policy: policy(key: "client-encrypted.key"))
        guard case .tlsFailure(let failure)? = result.error else {
            Issue.record("expected a TLS failure, got \(String(describing: result.error))")
            return
        }
        #expect(
            failure.message.hasPrefix("the client key client-encrypted.key is encrypted and no passphrase is given"),
            "\(failure.message)"
        )
    }
}
