import AFSuite
import Foundation
import JSONPath

extension AssertionEvaluator {
    /// Predicates on a captured value (`expect.captures`), after the assertion's filters; a capture
    /// that took nothing is absent (`exists: false` holds).
    func capture(_ assertion: CaptureAssertion, _ context: ResponseContext) -> [AssertionResult] {
        var actual = context.captures[assertion.name]
        if !assertion.filters.isEmpty {
            switch FilterPipeline.apply(assertion.filters, to: actual, now: context.now, regexLimit: regexLimit) {
            case .success(let value): actual = value
            case .failure(let failure):
                return Self.filterFailed(kind: "capture", target: assertion.name, assertion.predicates, failure)
            }
        }
        return assertion.predicates.predicates.map { predicate in
            Self.result(
                kind: "capture",
                target: assertion.name,
                predicate: predicate,
                actual: actual,
                verdict: PredicateEvaluator.verdict(predicate, for: actual, regexLimit: regexLimit),
                limit: regexLimit
            )
        }
    }
}
