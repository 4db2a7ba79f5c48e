import AFSession
import FixtureServer
import Foundation
import Testing

/// One server variant with one policy, and what must happen: `ok`, or the rejection's reason name.
struct EndToEndCase: Sendable, CustomTestStringConvertible {
    var variant: FixtureServer.TLSVariant
    var policy: EndToEndPolicy
    var expected: String
    var testDescription: String { "\(variant) with \(policy) → \(expected)" }
}

/// Policies against the fixture server's TLS ports, through `SessionManager` (libcurl + the
/// verify callback). Expected outcomes follow the same rules as the pure matrix.
@Suite("TLS end to end through the session core")
struct TLSEndToEndTests {
    static let cases: [EndToEndCase] = [
        .init(variant: .valid, policy: .fixtureRoot, expected: "ok"),
        .init(variant: .valid, policy: .system, expected: "untrustedRoot"),
        .init(variant: .valid, policy: .pinRootCertificate, expected: "ok"),
        .init(variant: .valid, policy: .pinUnrelatedCertificate, expected: "pinMismatch"),
        .init(variant: .valid, policy: .pinIntermediateKey, expected: "ok"),
        .init(variant: .valid, policy: .openValidatingDomain, expected: "policyRefused"),
        .init(variant: .expired, policy: .fixtureRoot, expected: "expired"),
        .init(variant: .expired, policy: .open, expected: "ok"),
        .init(variant: .expired, policy: .pinLeafKeyAllowingInvalid, expected: "ok"),
        .init(variant: .expired, policy: .pinRootAllowingInvalid, expected: "expired"),
        .init(variant: .notYetValid, policy: .fixtureRoot, expected: "notYetValid"),
        .init(variant: .notYetValid, policy: .pinIntermediateKey, expected: "notYetValid"),
        .init(variant: .wrongHost, policy: .fixtureRoot, expected: "hostMismatch"),
        .init(variant: .wrongHost, policy: .noDomainValidation, expected: "ok"),
        .init(variant: .wrongHost, policy: .pinRootAllowingInvalid, expected: "hostMismatch"),
        .init(variant: .selfSigned, policy: .fixtureRoot, expected: "selfSigned"),
        .init(variant: .selfSigned, policy: .pinLeafAllowingInvalid, expected: "ok"),
        .init(variant: .selfSigned, policy: .openValidatingDomain, expected: "policyRefused"),
        .init(variant: .selfSigned, policy: .open, expected: "ok"),
        .init(variant: .unknownCA, policy: .fixtureRoot, expected: "untrustedRoot"),
        .init(variant: .unknownCA, policy: .pinUnknownRootAllowingInvalid, expected: "ok"),
        .init(variant: .unknownCA, policy: .pinUnknownRootKeyAllowingInvalid, expected: "pinMismatch"),
    ]

    @Test(arguments: cases)
    func policyAgainstServer(_ row: EndToEndCase) async throws {
        let result = try await requestThroughSession(row.variant, policy: try row.policy.make(for: row.variant))
        let leaf = try TLSFixtures.der(EndToEndPolicy.leafName(row.variant))
        if row.expected == "ok" {
            #expect(result.status == 200, "\(String(describing: result.error))")
            #expect(result.requestsReceived == 1)
            #expect(result.evidence?.leaf?.der == leaf)
            return
        }
        guard case .serverTrustRejected(let rejection)? = result.error else {
            Issue.record("expected serverTrustRejected(\(row.expected)), got \(String(describing: result.error))")
            return
        }
        #expect(rejection.reason.name == row.expected)
        #expect(rejection.host == "localhost")
        #expect(rejection.chain.first?.der == leaf, "the rejection carries the observed chain")
        #expect(rejection.request?.url.path == "/get")
        // The handshake failed before the client's Finished: the server saw no HTTP request.
        #expect(result.requestsReceived == 0)
    }

    @Test("evidence of a real transfer: TLS 1.3, h2, the chain as sent")
    func evidence() async throws {
        let result = try await requestThroughSession(.valid, policy: EndToEndPolicy.fixtureRoot.make(for: .valid))
        let evidence = try #require(result.evidence)
        #expect(evidence.protocolVersion == "TLSv1.3")
        #expect(evidence.cipher.hasPrefix("TLS_"))
        #expect(evidence.alpn == "h2")
        #expect(evidence.peerChain.map(\.der) == (try TLSFixtures.chain("leaf")))
        #expect(evidence.leaf?.publicKeyPin == (try TLSFixtures.pins())["leaf"])
        #expect(evidence.peerChain.last?.subject == "O=afrun fixtures,CN=afrun Test Intermediate CA")
    }

    @Test("an IP literal is checked against the IP SANs", arguments: ["127.0.0.1"])
    func ipHost(_ host: String) async throws {
        let ok = try await requestThroughSession(
            .valid,
            policy: EndToEndPolicy.fixtureRoot.make(for: .valid),
            host: host
        )
        #expect(ok.status == 200, "\(String(describing: ok.error))")
        // wrong-host names only wrong.example, so the IP does not match either.
        let refused = try await requestThroughSession(
            .wrongHost,
            policy: EndToEndPolicy.fixtureRoot.make(for: .wrongHost),
            host: host
        )
        guard case .serverTrustRejected(let rejection)? = refused.error else {
            Issue.record("expected a rejection, got \(String(describing: refused.error))")
            return
        }
        #expect(rejection.reason == .hostMismatch)
        #expect(rejection.host == host)
        #expect(refused.requestsReceived == 0)
    }

    @Test("the challenge handler can accept an untrusted server and reject a trusted one")
    func challengeHandler() async throws {
        var accepting = SecurityPolicy(trustStore: TLSFixtures.rootTrustStore)
        accepting.serverTrustChallengeHandler = ServerTrustChallengeHandler { challenge in
            challenge.summaries.first?.subject == "O=afrun fixtures,CN=localhost" ? .accept : .performDefaultHandling
        }
        let accepted = try await requestThroughSession(.selfSigned, policy: accepting)
        #expect(accepted.status == 200, "\(String(describing: accepted.error))")

        var rejecting = SecurityPolicy(trustStore: TLSFixtures.rootTrustStore)
        rejecting.serverTrustChallengeHandler = ServerTrustChallengeHandler { _ in .reject }
        let rejected = try await requestThroughSession(.valid, policy: rejecting)
        guard case .serverTrustRejected(let rejection)? = rejected.error else {
            Issue.record("expected a rejection, got \(String(describing: rejected.error))")
            return
        }
        #expect(rejection.reason.name == "policyRefused")
        #expect(rejected.requestsReceived == 0)
    }
}
