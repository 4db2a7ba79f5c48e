import AFSuite

extension AssertionEvaluator {
    /// The one result of a test that expects a transport error (`expect.error`): it holds when the transfer
    /// failed with that kind; `outcome` says what happened instead (another error's kind and message, or
    /// the response's status).
    static func expectedError(_ expected: String, gotKind kind: String?, outcome: String) -> AssertionResult {
        AssertionResult(
            kind: "error",
            target: nil,
            predicate: "equals",
            expected: expected,
            actual: kind ?? outcome,
            passed: kind == expected,
            message: "error: expected \(expected), got \(outcome)"
        )
    }
}
