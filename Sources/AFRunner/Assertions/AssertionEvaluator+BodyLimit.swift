import AFSuite

extension AssertionEvaluator {
    /// Failed results for assertions that read the whole body when only part of it was kept: each
    /// says the body passed `maxBodyBytes` and how to raise it, rather than judging a cut-off document.
    /// - Parameters:
    ///   - kind: `json`, `xpath` or `body`.
    ///   - target: the path, or nil for the body.
    ///   - predicates: the assertion's predicates.
    ///   - problem: ``ResponseContext/truncationProblem``.
    static func unreadable(
        kind: String,
        target: String?,
        _ predicates: PredicateSet,
        problem: String
    ) -> [AssertionResult] {
        failedEach(kind: kind, target: target, predicates, actual: nil, message: problem)
    }

    /// One failed result per predicate, each with the same actual value and `target: message`.
    static func failedEach(
        kind: String,
        target: String?,
        _ predicates: PredicateSet,
        actual: String?,
        message: String
    ) -> [AssertionResult] {
        predicates.predicates.map { p in
            AssertionResult(
                kind: kind,
                target: target,
                predicate: p.keyword,
                expected: expectedText(p),
                actual: actual,
                passed: false,
                message: "\(target ?? kind): \(message)"
            )
        }
    }

    /// One failed result for a check with no predicates of its own (`schema`, `openapi`) that reads the
    /// whole body when only part of it was kept.
    static func unreadable(kind: String, target: String?, problem: String) -> AssertionResult {
        AssertionResult(
            kind: kind,
            target: target,
            predicate: kind,
            expected: "the whole body",
            actual: nil,
            passed: false,
            message: "\(target ?? kind): \(problem)"
        )
    }
}
