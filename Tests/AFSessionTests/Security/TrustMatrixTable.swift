import AFSession
import Foundation
import Testing

/// The fixture chains of the trust matrix (`fixtures/tls/NAME-chain.pem`).
enum FixtureChain: String, CaseIterable, Sendable {
    case valid = "leaf"
    case expired
    case notYetValid = "not-yet-valid"
    case wrongHost = "wrong-host"
    case selfSigned = "self-signed"
    case unknownCA = "unknown-ca-leaf"

    /// The root of this chain's hierarchy; the server never sends it.
    var rootName: String {
        switch self {
        case .valid, .expired, .notYetValid, .wrongHost: "root-ca"
        case .selfSigned: "self-signed"
        case .unknownCA: "unknown-root-ca"
        }
    }
}

/// Which certificate a matrix row pins.
enum PinChoice: String, CaseIterable, Sendable {
    /// The chain's own root (not sent by the server; for the self-signed chain, the leaf itself).
    case root
    /// The fixtures' intermediate CA (part of the first four chains only).
    case intermediate
    /// The chain's leaf.
    case leaf
    /// The client CA, unrelated to every server chain.
    case unrelated

    func fixtureName(for chain: FixtureChain) -> String {
        switch self {
        case .root: chain.rootName
        case .intermediate: "intermediate-ca"
        case .leaf: chain.rawValue
        case .unrelated: "client-ca"
        }
    }
}

/// An expected outcome: trusted, or the rejection reason's `name`.
enum Outcome: String, Sendable {
    case ok, expired, notYetValid, hostMismatch, untrustedRoot, selfSigned, pinMismatch, policyRefused
}

/// One case: a chain, a policy and a pin, evaluated for `localhost` against the fixture root
/// as the trust store, at `TLSFixtures.evaluationDate`.
struct TrustMatrixCase: Sendable, CustomTestStringConvertible {
    var chain: FixtureChain
    var mode: PinningMode
    var allowInvalid: Bool
    var validatesDomain: Bool
    var pin: PinChoice
    var expected: Outcome

    var testDescription: String {
        "\(chain) \(mode) allowInvalid=\(allowInvalid) validatesDomain=\(validatesDomain) pin=\(pin) → \(expected)"
    }
}

/// The matrix, one line per chain × mode × allowInvalid × validatesDomainName, with the outcome
/// for each pin (root, intermediate, leaf, unrelated), derived from AFNetworking's rules
/// (see `SecurityPolicy.evaluate` and docs/trust-evaluation.md):
/// - `.none`: invalid allowed + domain validated → policyRefused; invalid allowed otherwise → ok;
///   else the trust store's verdict. Pins do not matter.
/// - pinning, invalid refused: the trust store's verdict first; then the pin (unrelated → pinMismatch).
/// - `.certificate`, invalid allowed: the pins are the anchors; dates and the host (if validated)
///   are still checked; a pin the chain does not lead to → pinMismatch.
/// - `.publicKey`, invalid allowed: only the pin counts, over the presented chain and the chain
///   the trust store builds (which has the fixture root, not the unknown root).
enum TrustMatrix {
    private typealias O = Outcome
    private static let ok = O.ok, EX = O.expired, NY = O.notYetValid, HM = O.hostMismatch
    private static let UR = O.untrustedRoot, SS = O.selfSigned, PM = O.pinMismatch, PR = O.policyRefused

    /// chain, mode, allowInvalid, validatesDomain, outcomes for [root, intermediate, leaf, unrelated].
    private static let table: [(FixtureChain, PinningMode, Bool, Bool, [Outcome])] = [
        (.valid, .none, false, true, [ok, ok, ok, ok]),
        (.valid, .none, false, false, [ok, ok, ok, ok]),
        (.valid, .none, true, true, [PR, PR, PR, PR]),
        (.valid, .none, true, false, [ok, ok, ok, ok]),
        (.valid, .publicKey, false, true, [ok, ok, ok, PM]),
        (.valid, .publicKey, false, false, [ok, ok, ok, PM]),
        (.valid, .publicKey, true, true, [ok, ok, ok, PM]),
        (.valid, .publicKey, true, false, [ok, ok, ok, PM]),
        (.valid, .certificate, false, true, [ok, ok, ok, PM]),
        (.valid, .certificate, false, false, [ok, ok, ok, PM]),
        (.valid, .certificate, true, true, [ok, ok, ok, PM]),
        (.valid, .certificate, true, false, [ok, ok, ok, PM]),

        (.expired, .none, false, true, [EX, EX, EX, EX]),
        (.expired, .none, false, false, [EX, EX, EX, EX]),
        (.expired, .none, true, true, [PR, PR, PR, PR]),
        (.expired, .none, true, false, [ok, ok, ok, ok]),
        (.expired, .publicKey, false, true, [EX, EX, EX, EX]),
        (.expired, .publicKey, false, false, [EX, EX, EX, EX]),
        (.expired, .publicKey, true, true, [ok, ok, ok, PM]),
        (.expired, .publicKey, true, false, [ok, ok, ok, PM]),
        (.expired, .certificate, false, true, [EX, EX, EX, EX]),
        (.expired, .certificate, false, false, [EX, EX, EX, EX]),
        (.expired, .certificate, true, true, [EX, EX, EX, PM]),
        (.expired, .certificate, true, false, [EX, EX, EX, PM]),

        (.notYetValid, .none, false, true, [NY, NY, NY, NY]),
        (.notYetValid, .none, false, false, [NY, NY, NY, NY]),
        (.notYetValid, .none, true, true, [PR, PR, PR, PR]),
        (.notYetValid, .none, true, false, [ok, ok, ok, ok]),
        (.notYetValid, .publicKey, false, true, [NY, NY, NY, NY]),
        (.notYetValid, .publicKey, false, false, [NY, NY, NY, NY]),
        (.notYetValid, .publicKey, true, true, [ok, ok, ok, PM]),
        (.notYetValid, .publicKey, true, false, [ok, ok, ok, PM]),
        (.notYetValid, .certificate, false, true, [NY, NY, NY, NY]),
        (.notYetValid, .certificate, false, false, [NY, NY, NY, NY]),
        (.notYetValid, .certificate, true, true, [NY, NY, NY, PM]),
        (.notYetValid, .certificate, true, false, [NY, NY, NY, PM]),

        (.wrongHost, .none, false, true, [HM, HM, HM, HM]),
        (.wrongHost, .none, false, false, [ok, ok, ok, ok]),
        (.wrongHost, .none, true, true, [PR, PR, PR, PR]),
        (.wrongHost, .none, true, false, [ok, ok, ok, ok]),
        (.wrongHost, .publicKey, false, true, [HM, HM, HM, HM]),
        (.wrongHost, .publicKey, false, false, [ok, ok, ok, PM]),
        (.wrongHost, .publicKey, true, true, [ok, ok, ok, PM]),
        (.wrongHost, .publicKey, true, false, [ok, ok, ok, PM]),
        (.wrongHost, .certificate, false, true, [HM, HM, HM, HM]),
        (.wrongHost, .certificate, false, false, [ok, ok, ok, PM]),
        (.wrongHost, .certificate, true, true, [HM, HM, HM, PM]),
        (.wrongHost, .certificate, true, false, [ok, ok, ok, PM]),

        (.selfSigned, .none, false, true, [SS, SS, SS, SS]),
        (.selfSigned, .none, false, false, [SS, SS, SS, SS]),
        (.selfSigned, .none, true, true, [PR, PR, PR, PR]),
        (.selfSigned, .none, true, false, [ok, ok, ok, ok]),
        (.selfSigned, .publicKey, false, true, [SS, SS, SS, SS]),
        (.selfSigned, .publicKey, false, false, [SS, SS, SS, SS]),
        (.selfSigned, .publicKey, true, true, [ok, PM, ok, PM]),
        (.selfSigned, .publicKey, true, false, [ok, PM, ok, PM]),
        (.selfSigned, .certificate, false, true, [SS, SS, SS, SS]),
        (.selfSigned, .certificate, false, false, [SS, SS, SS, SS]),
        (.selfSigned, .certificate, true, true, [ok, PM, ok, PM]),
        (.selfSigned, .certificate, true, false, [ok, PM, ok, PM]),

        (.unknownCA, .none, false, true, [UR, UR, UR, UR]),
        (.unknownCA, .none, false, false, [UR, UR, UR, UR]),
        (.unknownCA, .none, true, true, [PR, PR, PR, PR]),
        (.unknownCA, .none, true, false, [ok, ok, ok, ok]),
        (.unknownCA, .publicKey, false, true, [UR, UR, UR, UR]),
        (.unknownCA, .publicKey, false, false, [UR, UR, UR, UR]),
        (.unknownCA, .publicKey, true, true, [PM, PM, ok, PM]),
        (.unknownCA, .publicKey, true, false, [PM, PM, ok, PM]),
        (.unknownCA, .certificate, false, true, [UR, UR, UR, UR]),
        (.unknownCA, .certificate, false, false, [UR, UR, UR, UR]),
        (.unknownCA, .certificate, true, true, [ok, PM, ok, PM]),
        (.unknownCA, .certificate, true, false, [ok, PM, ok, PM]),
    ]

    /// Every row expanded per pin: 6 chains × 3 modes × 2 × 2 × 4 pins = 288 cases.
    static let cases: [TrustMatrixCase] = table.flatMap { chain, mode, allowInvalid, validatesDomain, outcomes in
        zip(PinChoice.allCases, outcomes).map { pin, expected in
            TrustMatrixCase(
                chain: chain,
                mode: mode,
                allowInvalid: allowInvalid,
                validatesDomain: validatesDomain,
                pin: pin,
                expected: expected
            )
        }
    }
}
