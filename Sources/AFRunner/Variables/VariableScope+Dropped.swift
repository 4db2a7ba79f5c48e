import AFSuite

extension VariableScope {
    /// A capture a test did not keep, because the test did not pass: a later use of the name is then an error
    /// naming that test, not a bare "undefined variable".
    public struct DroppedCapture: Sendable, Hashable {
        /// The test that captures it, as a sentence names it: `test 'create'`, `setup test 'log in'`.
        public var test: String
        /// What became of it: `failed`, `errored`, `was skipped`.
        public var outcome: String
    }

    /// Notes the captures of `test` that did not reach the scope because its result is not a pass.
    /// - Parameters:
    ///   - test: the test just run.
    ///   - phase: where it stands in its suite.
    ///   - result: its result (nil: not selected, which `leftOut` covers).
    mutating func noteDroppedCaptures(of test: TestCase, phase: TestPhase, result: TestResult?) {
        guard let result, result.status != .passed, !test.captures.isEmpty else { return }
        let outcome =
            switch result.status {
            case .failed: "failed"
            case .error: "errored"
            case .skipped, .passed: "was skipped"
            }
        let label = phase == .test ? "test '\(test.name)'" : "\(phase.rawValue) test '\(test.name)'"
        for capture in test.captures where value(of: capture.name) == nil {
            droppedCaptures[capture.name] = DroppedCapture(test: label, outcome: outcome)
        }
    }
}
