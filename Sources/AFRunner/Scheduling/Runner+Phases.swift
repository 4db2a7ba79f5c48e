import AFSuite
import Locking

/// Whether any of a suite's setup tests or tests ran (was not skipped): the teardown then cleans up after it.
final class SuiteProgress: Sendable {
    private let ran = LockedValue(false)

    /// Notes that a setup test or a test ran.
    func markRun() { ran.withLock { $0 = true } }

    /// Whether any ran.
    var hasRun: Bool { ran.withLock { $0 } }
}

extension Runner {
    /// Runs the suite's `setup` tests in order, each seeing the captures of those before it.
    /// - Returns: the scope with the setup's captures, and the skip reason of the suite's tests when a setup test
    ///   did not pass (nil when all passed).
    func runSetup(
        _ suite: Suite,
        executor: TestExecutor,
        scope: VariableScope,
        progress: SuiteProgress,
        to dispatcher: ResultDispatcher
    ) async -> (scope: VariableScope, blockedBy: String?) {
        var scope = scope
        var blockedBy: String?
        for test in suite.setup {
            let outcome = await executor.run(test, scope: scope, phase: .setup, blockedBy: blockedBy)
            for capture in outcome.captures {
                scope.capture(capture.name, value: capture.value, secret: capture.secret, json: capture.json)
            }
            scope.noteDroppedCaptures(of: test, phase: .setup, result: outcome.result)
            guard let result = outcome.result else { continue }
            if result.status != .skipped { progress.markRun() }
            // A setup test skipped on purpose (`skip`) blocks nothing; one skipped by a stop never ran.
            if blockedBy == nil, result.status != .passed, result.status != .skipped || test.skip == nil {
                blockedBy = "not run: setup test '\(test.name)' \(Self.outcome(of: result))"
            }
            await report(result, to: dispatcher)
        }
        return (scope, blockedBy)
    }

    /// Runs the suite's `teardown` tests in order, whatever became of the tests (failures, `--fail-fast`, the
    /// first interruption); each sees the setup's captures, a sequential suite's test captures, and those of
    /// the teardown tests before it.
    func runTeardown(
        _ suite: Suite,
        executor: TestExecutor,
        scope: VariableScope,
        to dispatcher: ResultDispatcher
    ) async {
        var scope = scope
        for test in suite.teardown {
            let outcome = await executor.run(test, scope: scope, phase: .teardown)
            for capture in outcome.captures {
                scope.capture(capture.name, value: capture.value, secret: capture.secret, json: capture.json)
            }
            scope.noteDroppedCaptures(of: test, phase: .teardown, result: outcome.result)
            if let result = outcome.result { await report(result, to: dispatcher) }
        }
    }

    /// "failed", "errored: …" or "was not run: …", for the skip reason of the tests after a setup test.
    private static func outcome(of result: TestResult) -> String {
        switch result.status {
        case .failed: "failed"
        case .error: "errored" + (result.error.map { ": \($0.message)" } ?? "")
        case .skipped: "was not run" + (result.skipReason.map { ": \($0)" } ?? "")
        case .passed: "passed"
        }
    }
}
