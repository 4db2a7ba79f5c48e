import AFSession
import AFSuite
import Foundation
import JSONPath

extension AssertionEvaluator {
    /// The `expect.tls` assertion. `trusted` yields an assertion only for HTTPS responses (a
    /// rejection never reaches here: it is a test error); `rejected` passes only when the session
    /// refused the server, with the reason's `name` when one is required.
    func tls(_ expectation: TLSExpectation, context: ResponseContext) -> [AssertionResult] {
        switch expectation {
        case .trusted:
            guard context.metrics?.tlsEvidence != nil else { return [] }
            return [
                AssertionResult(
                    kind: "tls",
                    target: nil,
                    predicate: "equals",
                    expected: "trusted",
                    actual: "trusted",
                    passed: true,
                    message: "tls: expected trusted, got trusted"
                )
            ]
        case .rejected(let reason):
            let expected = reason.map { "rejected (\($0))" } ?? "rejected"
            let actual: String
            let passed: Bool
            if let rejection = context.rejection {
                actual = "rejected (\(rejection.reason.name))"
                passed = reason == nil || reason == rejection.reason.name
            } else {
                actual = "trusted"
                passed = false
            }
            return [
                AssertionResult(
                    kind: "tls",
                    target: nil,
                    predicate: "equals",
                    expected: expected,
                    actual: actual,
                    passed: passed,
                    message: "tls: expected \(expected), got \(actual)"
                )
            ]
        }
    }

    /// `expect.certificate` on the leaf: from the TLS evidence, or from the rejected chain.
    func certificate(_ expectation: CertificateExpectation, context: ResponseContext) -> [AssertionResult] {
        let leaf = context.metrics?.tlsEvidence?.leaf ?? context.rejection?.chain.first
        let fields: [(String, PredicateSet?, (CertificateSummary) -> JSONValue)] = [
            ("subject", expectation.subject, { .string($0.subject) }),
            ("issuer", expectation.issuer, { .string($0.issuer) }),
            ("san", expectation.san, { .array($0.subjectAlternativeNames.map(JSONValue.string)) }),
            (
                "expiresInDays", expectation.expiresInDays,
                { cert in
                    .number(JSONNumber(Int((cert.notAfter.timeIntervalSince(context.now) / 86_400).rounded(.down))))
                }
            ),
            ("pin", expectation.pin, { .string($0.publicKeyPin) }),
            ("startDate", expectation.startDate, { .string(FilterPipeline.iso8601($0.notBefore)) }),
            ("expiryDate", expectation.expiryDate, { .string(FilterPipeline.iso8601($0.notAfter)) }),
            ("serialNumber", expectation.serialNumber, { .string($0.serialNumber) }),
        ]
        var results: [AssertionResult] = []
        for (name, set, value) in fields {
            guard let set else { continue }
            let actual = leaf.map(value)
            for p in set.predicates {
                results.append(
                    Self.result(
                        kind: "certificate",
                        target: name,
                        predicate: p,
                        actual: actual,
                        passed: PredicateEvaluator.holds(p, for: actual)
                    )
                )
            }
        }
        return results
    }
}
