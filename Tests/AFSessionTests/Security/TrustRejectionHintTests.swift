import AFSession
import Foundation
import Testing

/// A pinning policy still checks the trust store first (rule 4): the rejection of a pinned but untrusted
/// certificate says what to change, since the pin being right is what its user sees.
@Suite struct TrustRejectionHintTests {
    private func rejection(_ policy: SecurityPolicy, _ chain: String) throws -> TrustRejection? {
        let result = policy.evaluate(
            chain: try TLSFixtures.chain(chain),
            forHost: "localhost",
            at: TLSFixtures.evaluationDate
        )
        guard case .failure(let rejection) = result else { return nil }
        return rejection
    }

    @Test(arguments: [PinningMode.certificate, .publicKey])
    func pinnedSelfSignedCertificateRejectionSaysWhatToChange(mode: PinningMode) throws {
        let policy = SecurityPolicy(
            pinningMode: mode,
            pinnedCertificates: [try TLSFixtures.der("self-signed")],
            trustStore: TLSFixtures.rootTrustStore
        )
        let rejected = try #require(try rejection(policy, "self-signed"))
        #expect(rejected.reason == .selfSigned)
        #expect(rejected.hint != nil)
        #expect(rejected.description.contains("allowInvalidCertificates"))
        #expect(rejected.description.contains("trustStore"))
        #expect(SessionError.serverTrustRejected(rejected).description == rejected.description)

        var allowing = policy
        allowing.allowInvalidCertificates = true
        #expect(try rejection(allowing, "self-signed") == nil)
    }

    @Test func unpinnedRejectionHasNoHint() throws {
        let policy = SecurityPolicy(trustStore: TLSFixtures.rootTrustStore)
        let rejected = try #require(try rejection(policy, "self-signed"))
        #expect(rejected.reason == .selfSigned)
        #expect(rejected.hint == nil)
        #expect(rejected.description == "server trust rejected for localhost: self-signed certificate is not trusted")
    }
}
