import AFSession
import Foundation
import Testing

/// The rules around the matrix: refusals, host names, dates, trust stores, malformed input.
@Suite("Trust evaluation rules")
struct TrustRuleTests {
    private func policy(
        _ mode: PinningMode = .none,
        pins: [String] = [],
        allowInvalid: Bool = false,
        validatesDomain: Bool = true
    ) throws -> SecurityPolicy {
        SecurityPolicy(
            pinningMode: mode,
            pinnedCertificates: try pins.map(TLSFixtures.der),
            allowInvalidCertificates: allowInvalid,
            validatesDomainName: validatesDomain,
            trustStore: TLSFixtures.rootTrustStore
        )
    }

    private func reasonName(
        _ policy: SecurityPolicy,
        _ chain: String,
        host: String = "localhost",
        at date: Date = TLSFixtures.evaluationDate
    ) throws -> String {
        switch policy.evaluate(chain: try TLSFixtures.chain(chain), forHost: host, at: date) {
        case .success: "ok"
        case .failure(let rejection): rejection.reason.name
        }
    }

    @Test("you must use pinning: allowing invalid certificates and validating the domain needs pins")
    func pinningRequired() throws {
        #expect(try reasonName(policy(.certificate, allowInvalid: true), "leaf") == "policyRefused")
        #expect(try reasonName(policy(.publicKey, allowInvalid: true), "leaf") == "policyRefused")
        #expect(try reasonName(policy(.none, pins: ["root-ca"], allowInvalid: true), "leaf") == "policyRefused")
        // An explicit key pin is a pin for `.publicKey` (not for `.certificate`).
        let pins = try TLSFixtures.pins()
        var keyPinned = try policy(.publicKey, allowInvalid: true)
        keyPinned.pinnedPublicKeys = [try #require(pins["intermediate-ca"])]
        #expect(try reasonName(keyPinned, "expired") == "ok")
        keyPinned.pinningMode = .certificate
        #expect(try reasonName(keyPinned, "expired") == "policyRefused")
    }

    @Test("pinning with no pins at all matches nothing")
    func emptyPins() throws {
        #expect(try reasonName(policy(.certificate), "leaf") == "pinMismatch")
        #expect(try reasonName(policy(.publicKey), "leaf") == "pinMismatch")
    }

    @Test(
        "host names: SAN DNS and IP, wildcards one label deep",
        arguments: [
            ("leaf", "localhost", "ok"), ("leaf", "LOCALHOST", "ok"), ("leaf", "localhost.", "ok"),
            ("leaf", "127.0.0.1", "ok"), ("leaf", "::1", "ok"), ("leaf", "[::1]", "ok"),
            ("leaf", "127.0.0.2", "hostMismatch"), ("leaf", "example.com", "hostMismatch"),
            ("leaf", "sub.localhost", "hostMismatch"),
            ("wrong-host", "wrong.example", "ok"), ("wrong-host", "a.wrong.example", "ok"),
            ("wrong-host", "a.b.wrong.example", "hostMismatch"), ("wrong-host", "wrong.example.com", "hostMismatch"),
        ]
    )
    func hostNames(chain: String, host: String, expected: String) throws {
        #expect(try reasonName(policy(), chain, host: host) == expected)
    }

    @Test("the subject's CN is never used for the host")
    func commonNameIgnored() throws {
        // wrong-host's CN is wrong.example too, but the decision comes from its SAN.
        let subject = try #require(CertificateSummary(der: TLSFixtures.der("wrong-host"))).subject
        #expect(subject.contains("CN=wrong.example"))
        #expect(try reasonName(policy(), "leaf", host: "afrun Test Intermediate CA") == "hostMismatch")
    }

    @Test("validity is checked at the given date")
    func dates() throws {
        let policy = try policy()
        let in2125 = Date(timeIntervalSince1970: 4_891_000_000)
        let in2023 = Date(timeIntervalSince1970: 1_680_000_000)
        let in2000 = Date(timeIntervalSince1970: 963_000_000)
        #expect(try reasonName(policy, "leaf", at: in2125) == "expired")
        #expect(try reasonName(policy, "leaf", at: in2023) == "notYetValid")
        #expect(try reasonName(policy, "expired", at: in2000) == "notYetValid")  // the intermediate starts in 2024
        #expect(try reasonName(policy, "not-yet-valid", at: Date(timeIntervalSince1970: 4_200_000_000)) == "ok")
    }

    @Test("the system store does not know the fixture root; a CA folder does")
    func trustStores() throws {
        var policy = SecurityPolicy.default
        #expect(try reasonName(policy, "leaf") == "untrustedRoot")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-ca-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: TLSFixtures.url("root-ca.pem"),
            to: folder.appendingPathComponent("root.crt")
        )
        policy.trustStore = .caDirectory(folder)
        #expect(try reasonName(policy, "leaf") == "ok")
        policy.trustStore = .caFile(folder.appendingPathComponent("missing.pem"))
        #expect(try reasonName(policy, "leaf") == "other")
    }

    @Test("a pinned root the server did not send ends the validated chain")
    func pinnedRootNotSent() throws {
        let root = try TLSFixtures.der("root-ca")
        let chain = try TLSFixtures.chain("leaf")
        #expect(!chain.contains(root))
        let evaluation = try policy(.certificate, pins: ["root-ca"])
            .evaluate(chain: chain, forHost: "localhost", at: TLSFixtures.evaluationDate).get()
        #expect(evaluation.basis == .pinnedCertificate)
        #expect(evaluation.validatedChain.last == root)
        #expect(evaluation.validatedChain.first == chain.first)
        #expect(evaluation.matchedPin == (try TLSFixtures.pins())["root-ca"])
    }

    @Test("the basis of each acceptance")
    func bases() throws {
        let chain = try TLSFixtures.chain("leaf")
        let date = TLSFixtures.evaluationDate
        #expect(try policy().evaluate(chain: chain, forHost: "localhost", at: date).get().basis == .trustStore)
        #expect(
            try policy(allowInvalid: true, validatesDomain: false)
                .evaluate(chain: chain, forHost: "x", at: date).get().basis == .invalidCertificatesAllowed
        )
        let byKey = try policy(.publicKey, pins: ["leaf"]).evaluate(chain: chain, forHost: "localhost", at: date).get()
        #expect(byKey.basis == .pinnedPublicKey)
        #expect(byKey.matchedPin == (try TLSFixtures.pins())["leaf"])
    }

    @Test("malformed input is refused, not trusted")
    func malformed() throws {
        let open = try policy(allowInvalid: true, validatesDomain: false)
        let garbage = open.evaluate(chain: [Data("not a certificate".utf8)], forHost: "localhost")
        #expect(throws: TrustRejection.self) { try garbage.get() }
        let empty = open.evaluate(chain: [], forHost: "localhost")
        #expect(throws: TrustRejection.self) { try empty.get() }
        if case .failure(let rejection) = empty { #expect(rejection.reason.name == "other") }
    }

    @Test("reason names are stable")
    func reasonNames() {
        let reasons: [TrustFailureReason] = [
            .expired, .notYetValid, .hostMismatch, .untrustedRoot, .selfSigned, .pinMismatch, .policyRefused("x"),
            .other("y"),
        ]
        #expect(
            reasons.map(\.name) == [
                "expired", "notYetValid", "hostMismatch", "untrustedRoot", "selfSigned", "pinMismatch", "policyRefused",
                "other",
            ]
        )
    }
}
