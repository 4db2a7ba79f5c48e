import Foundation
import Testing

@testable import AFSession

/// The authentication-challenge hook, through the same entry the handshake callback uses.
@Suite("Server trust challenge handler")
struct ServerTrustChallengeTests {
    private func context(
        _ disposition: ServerTrustDisposition,
        seen: Collector<String>? = nil
    ) -> TLSVerificationContext {
        var policy = SecurityPolicy(trustStore: TLSFixtures.rootTrustStore)
        policy.serverTrustChallengeHandler = ServerTrustChallengeHandler { challenge in
            let verdict = (try? challenge.defaultEvaluation.get()) != nil ? "trusted" : "rejected"
            seen?.append("\(challenge.host) \(verdict) \(challenge.chain.count)")
            return disposition
        }
        return TLSVerificationContext(policy: policy, host: "localhost")
    }

    @Test("accept overrules a rejection")
    func acceptOverrules() throws {
        let seen = Collector<String>()  // what the handler saw, one line per call
        let context = context(.accept, seen: seen)
        let result = context.decide(chain: try TLSFixtures.chain("self-signed"), host: "localhost")
        #expect(try result.get().basis == .challengeHandler)
        #expect(context.rejection == nil)
        #expect(context.evaluation?.basis == .challengeHandler)
        #expect(seen.values == ["localhost rejected 1"])
    }

    @Test("reject overrules an acceptance, as policyRefused")
    func rejectOverrules() throws {
        let context = context(.reject)
        _ = context.decide(chain: try TLSFixtures.chain("leaf"), host: "localhost")
        let rejection = try #require(context.rejection)
        #expect(rejection.reason.name == "policyRefused")
        #expect(rejection.chain.count == 2)
    }

    @Test("default handling keeps the policy's verdict")
    func defaultHandling() throws {
        let seen = Collector<String>()  // what the handler saw, one line per call
        let context = context(.performDefaultHandling, seen: seen)
        #expect(try context.decide(chain: try TLSFixtures.chain("leaf"), host: "localhost").get().basis == .trustStore)
        _ = context.decide(chain: try TLSFixtures.chain("expired"), host: "localhost")
        #expect(context.rejection?.reason.name == "expired")
        #expect(seen.values == ["localhost trusted 2", "localhost rejected 2"])
    }

    @Test("policies with different handlers differ; the same handler value is equal")
    func equality() {
        let handler = ServerTrustChallengeHandler { _ in .accept }
        var a = SecurityPolicy.default
        a.serverTrustChallengeHandler = handler
        var b = SecurityPolicy.default
        b.serverTrustChallengeHandler = handler
        #expect(a == b)
        b.serverTrustChallengeHandler = ServerTrustChallengeHandler { _ in .accept }
        #expect(a != b)
        #expect(SecurityPolicy.default != a)
    }
}
