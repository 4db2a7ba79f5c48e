import AFSession
import AFSuite
import Foundation
import JSONPath

// The transfer itself rather than its content: the redirects followed, the URL reached, the version spoken.
extension AssertionEvaluator {
    /// `redirects`: the number of redirects followed and the chain of hops (status and `Location`, in
    /// order; a chain of another length fails once, naming both lengths).
    func redirects(_ expectation: RedirectExpectation, _ response: HTTPResponse) -> [AssertionResult] {
        let hops = response.redirects
        var results: [AssertionResult] = []
        if let count = expectation.count {
            let actual = JSONValue.number(JSONNumber(hops.count))
            for predicate in count.predicates {
                results.append(
                    Self.result(
                        kind: "redirects",
                        target: "count",
                        predicate: predicate,
                        actual: actual,
                        passed: PredicateEvaluator.holds(predicate, for: actual)
                    )
                )
            }
        }
        guard let chain = expectation.chain else { return results }
        guard chain.count == hops.count else {
            let followed = hops.map { "\($0.statusCode) \($0.location)" }.joined(separator: ", ")
            results.append(
                AssertionResult(
                    kind: "redirects",
                    target: "chain",
                    predicate: "count",
                    expected: "\(chain.count)",
                    actual: "\(hops.count)",
                    passed: false,
                    message: "redirects.chain: expected \(chain.count) redirects, got \(hops.count)"
                        + (hops.isEmpty ? "" : " (\(followed))")
                )
            )
            return results
        }
        for (index, (expected, hop)) in zip(chain, hops).enumerated() {
            let checks: [(String, PredicateSet?, JSONValue)] = [
                ("status", expected.status, .number(JSONNumber(hop.statusCode))),
                ("location", expected.location, .string(hop.location)),
            ]
            for (field, set, actual) in checks {
                for predicate in set?.predicates ?? [] {
                    results.append(
                        Self.result(
                            kind: "redirects",
                            target: "chain[\(index)].\(field)",
                            predicate: predicate,
                            actual: actual,
                            verdict: PredicateEvaluator.verdict(predicate, for: actual, regexLimit: regexLimit),
                            limit: regexLimit
                        )
                    )
                }
            }
        }
        return results
    }

    /// `url`: predicates on the effective URL, after any redirects.
    func url(_ predicates: PredicateSet, _ response: HTTPResponse) -> [AssertionResult] {
        let actual = JSONValue.string(response.url.absoluteString)
        return predicates.predicates.map { predicate in
            Self.result(
                kind: "url",
                target: nil,
                predicate: predicate,
                actual: actual,
                verdict: PredicateEvaluator.verdict(predicate, for: actual, regexLimit: regexLimit),
                limit: regexLimit
            )
        }
    }

    /// `httpVersion`: predicates on the response's version without `HTTP/` (`1.1`, `2`).
    func httpVersion(_ predicates: PredicateSet, _ response: HTTPResponse) -> [AssertionResult] {
        let version = response.httpVersion
        let actual: JSONValue? =
            version == .unknown ? nil : .string(String(version.rawValue.dropFirst("HTTP/".count)))
        return predicates.predicates.map { predicate in
            Self.result(
                kind: "httpVersion",
                target: nil,
                predicate: predicate,
                actual: actual,
                verdict: PredicateEvaluator.verdict(predicate, for: actual, regexLimit: regexLimit),
                limit: regexLimit
            )
        }
    }
}
