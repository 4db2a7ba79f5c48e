import AFSession
import Foundation
import Testing

@Suite("Trust evaluation matrix (AFNetworking's rules)")
struct TrustMatrixTests {
    @Test("the table covers every chain, mode, flag and pin")
    func tableIsComplete() {
        #expect(TrustMatrix.cases.count == FixtureChain.allCases.count * 3 * 2 * 2 * PinChoice.allCases.count)
        let keys = Set(TrustMatrix.cases.map(\.testDescription))
        #expect(keys.count == TrustMatrix.cases.count)
    }

    @Test(arguments: TrustMatrix.cases)
    func evaluate(_ row: TrustMatrixCase) throws {
        let chain = try TLSFixtures.chain(row.chain.rawValue)
        let pinned = try TLSFixtures.der(row.pin.fixtureName(for: row.chain))
        var policy = SecurityPolicy.policy(withPinningMode: row.mode, withPinnedCertificates: [pinned])
        policy.allowInvalidCertificates = row.allowInvalid
        policy.validatesDomainName = row.validatesDomain
        policy.trustStore = TLSFixtures.rootTrustStore

        let outcome: Outcome
        switch policy.evaluate(chain: chain, forHost: "localhost", at: TLSFixtures.evaluationDate) {
        case .success:
            outcome = .ok
        case .failure(let rejection):
            outcome = try #require(Outcome(rawValue: rejection.reason.name), "unexpected reason \(rejection.reason)")
            #expect(rejection.host == "localhost")
            #expect(rejection.chain.map(\.der) == chain, "the rejection carries the presented chain")
        }
        #expect(outcome == row.expected)
    }
}
