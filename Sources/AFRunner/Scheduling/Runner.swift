import AFSession
import AFSuite
import Foundation
import Locking

/// Runs suites: suites concurrently, a suite's tests in file order with captures flowing down
/// (or concurrently for `parallel: true`), requests in flight bounded by `--jobs`, every result
/// redacted and handed to the sinks the moment it finishes.
public final class Runner: Sendable {
    /// Why scheduling stopped early.
    public enum StopReason: Sendable, Hashable {
        /// `--fail-fast` after a failure: the remaining tests are reported as skipped.
        case failFast
        /// SIGINT/SIGTERM: transfers in flight are cancelled and the tests not finished are reported as
        /// skipped ("interrupted").
        case interrupted
    }

    /// The options.
    public let options: RunOptions
    let limiter: JobLimiter
    let sessions: SessionPool
    /// The run-wide secrets (`--secret`, `--vars-file`); each suite redacts with a `scoped()` copy of it.
    public let redactor: Redactor
    let evaluator: AssertionEvaluator
    /// Why the run stopped early, and the task running the suites (cancelled on interruption, which cancels
    /// the transfers awaited inside it): one lock, so that a stop arriving while the run starts is not lost.
    private struct StopState {
        var reason: StopReason?
        var work: Task<Void, Never>?
    }
    private let stopState = LockedValue(StopState())

    /// Creates a runner.
    public init(options: RunOptions) {
        self.options = options
        evaluator = AssertionEvaluator(regexLimit: options.regexTimeout)
        limiter = JobLimiter(limit: options.jobs)
        var configuration = options.sessionConfiguration
        configuration.maxConnections = max(configuration.maxConnections, options.jobs)
        sessions = SessionPool(configuration: configuration)
        redactor = Redactor(secretValues: options.secrets.values)
    }

    /// Stops scheduling: tests not started yet are reported as skipped. `interrupted` also cancels the
    /// transfers in flight (their tests are reported as skipped too).
    public func stop(_ reason: StopReason) {
        let work = stopState.withLock { state -> Task<Void, Never>? in
            if state.reason != .interrupted { state.reason = reason }
            return reason == .interrupted ? state.work : nil
        }
        work?.cancel()
    }

    /// Why the run stopped early, if it did.
    public var stoppedBecause: StopReason? { stopState.withLock { $0.reason } }

    /// The most requests that were in flight at once.
    public var peakRequestsInFlight: Int { limiter.peakInFlight }

    /// The requests in flight now.
    public var requestsInFlight: Int { limiter.inFlight }

    /// Runs `suites` and reports to `sinks`.
    /// - Parameters:
    ///   - suites: loaded suites.
    ///   - run: the run's identity, passed to the sinks with its `plannedTests` set.
    ///   - sinks: receivers of the run's start, each result, and its end.
    /// - Returns: the results, the summary, the final status and any sink failures.
    public func run(_ suites: [Suite], run: RunInfo, sinks: [any ResultSink]) async -> RunReport {
        let started = ContinuousClock.now
        var run = run
        run.plannedTests = plannedResults(of: suites)
        var sinkErrors: [String] = []
        for sink in sinks {
            do { try await sink.runDidStart(run) } catch { sinkErrors.append("\(sink.outputName): \(error)") }
        }
        let cookieFiles = CookieFiles(jar: options.cookieJar)
        let dispatcher = ResultDispatcher(
            sinks: sinks,
            run: run,
            expectedResults: suites.reduce(0) { $0 + $1.tests.count },
            retention: options.keptResults
        )
        let work = Task {
            await withTaskGroup(of: Void.self) { group in
                for suite in suites {
                    group.addTask { await self.runSuite(suite, dispatcher: dispatcher, cookieFiles: cookieFiles) }
                }
            }
        }
        let stoppedBeforeStart = stopState.withLock { state -> Bool in
            state.work = work
            return state.reason == .interrupted
        }
        if stoppedBeforeStart { work.cancel() }
        await work.value
        stopState.withLock { $0.work = nil }
        sinkErrors += await dispatcher.finish()
        sinkErrors += cookieFiles.finishRun()

        let results = dispatcher.results
        let elapsed = (ContinuousClock.now - started).milliseconds
        let summary = dispatcher.tally.summary(durationMs: elapsed)
        let status: RunStatus = stoppedBecause == .interrupted ? .interrupted : .complete
        // The sessions close their connections and threads while the sinks store the run's end (the history's
        // last commit and checkpoint wait on the disk): neither needs the other.
        async let shutdown: Void = sessions.shutdown()
        for sink in sinks {
            do { try await sink.runDidFinish(run, summary: summary, status: status) } catch {
                sinkErrors.append("\(sink.outputName): \(error)")
            }
        }
        await shutdown
        return RunReport(results: results, summary: summary, status: status, sinkErrors: sinkErrors)
    }

    private func runSuite(_ suite: Suite, dispatcher: ResultDispatcher, cookieFiles: CookieFiles) async {
        let base = VariableScope(
            overrides: options.variables.merging(options.secrets) { _, secret in secret },
            secretOverrides: Set(options.secrets.keys),
            environment: options.environment
        )
        let suiteScope = base.adding(suite.variables).scope
        let executor = TestExecutor(runner: self, suite: suite, redactor: suiteRedactor(for: suite, scope: suiteScope))
        // Setup and teardown run only for a suite the selection keeps a test of.
        let hasPhases = !suite.setup.isEmpty || !suite.teardown.isEmpty
        if hasPhases, !suite.tests.indices.contains(where: { executor.isSelected(suite.tests.outline(at: $0).name) }) {
            return
        }
        cookieFiles.prepare(executor.cookies, for: suite)
        defer { cookieFiles.finish(executor.cookies, for: suite) }
        let progress = SuiteProgress()
        let (scope, blockedBy) = await runSetup(
            suite,
            executor: executor,
            scope: suiteScope,
            progress: progress,
            to: dispatcher
        )
        let finalScope = await runTests(suite, executor: executor, scope: scope, blockedBy: blockedBy) { result in
            if result.status != .skipped { progress.markRun() }
            await self.report(result, to: dispatcher)
        }
        if !suite.teardown.isEmpty, progress.hasRun {
            // Its own task: an interruption cancels the run's task and what it awaits, and the teardown still
            // cleans up after what ran (a second signal exits at once).
            await Task { await self.runTeardown(suite, executor: executor, scope: finalScope, to: dispatcher) }.value
        }
    }

    /// Runs the suite's tests (those the selection keeps), each result handed to `record`.
    /// - Returns: the scope after them, with the captures of a sequential suite's tests (for the teardown).
    private func runTests(
        _ suite: Suite,
        executor: TestExecutor,
        scope: VariableScope,
        blockedBy: String?,
        record: @escaping @Sendable (TestResult) async -> Void
    ) async -> VariableScope {
        if suite.parallel {
            // Up to `jobs` workers, each taking the next test when its last one is done: no task
            // per test, no suspended tasks holding built requests (2,000 of those cost megabytes
            // of heap growth and page faults), and no hand-off through the limiter while this is
            // the only suite running. The limiter still bounds requests across concurrent suites.
            let next = LockedValue(0)
            let tests = suite.tests
            let workers = min(max(1, options.jobs), tests.count)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<workers {
                    group.addTask {
                        while true {
                            let index = next.withLock { i -> Int in
                                defer { i += 1 }
                                return i
                            }
                            guard index < tests.count else { return }
                            if let result = await executor.run(tests[index], scope: scope, blockedBy: blockedBy).result
                            {
                                await record(result)
                            }
                        }
                    }
                }
            }
            return scope
        } else {
            var scope = scope
            // Captures of tests the selection left out, by name, with the test that sets each: a later test
            // using one fails naming that test, not with a bare "undefined variable".
            var leftOut: [String: String] = [:]
            for test in suite.tests {
                guard executor.isSelected(test) else {
                    for capture in test.captures { leftOut[capture.name] = test.name }
                    continue
                }
                let outcome = await executor.run(test, scope: scope, leftOut: leftOut, blockedBy: blockedBy)
                for capture in outcome.captures {
                    scope.capture(capture.name, value: capture.value, secret: capture.secret, json: capture.json)
                }
                scope.noteDroppedCaptures(of: test, phase: .test, result: outcome.result)
                if let result = outcome.result { await record(result) }
            }
            return scope
        }
    }
}

extension Runner {
    /// The redactor of one suite's results: the run-wide secrets and the suite's own (its secret variables,
    /// the values data rows give to secret names, its `basicAuth` passwords). Captures and requests add more
    /// as the suite runs; nothing of it reaches another suite's results.
    func suiteRedactor(for suite: Suite, scope: VariableScope) -> Redactor {
        let redactor = redactor.scoped()
        redactor.addSecrets(scope.secretValues)
        // Data rows may give values to names marked secret (by a variable, `--secret` or a secret capture): all of
        // the suite's at once, not one redactor update per test.
        // The tests' outlines say which to decode for it.
        let secretNames = scope.secretNames.union(
            suite.tests.positions(having: .secretCaptures).flatMap { suite.tests[$0].captures }.filter(\.isSecret)
                .map(\.name)
        )
        if !secretNames.isEmpty {
            let rowSecrets = suite.tests.positions(having: .dataRow).compactMap { suite.tests[$0].row }.flatMap {
                $0.values.filter { secretNames.contains($0.key) }.map(\.value)
            }
            if !rowSecrets.isEmpty { redactor.addSecrets(rowSecrets) }
        }
        for credential in Redactor.basicAuthCredentials(of: suite, scope: scope) {
            redactor.addBasicAuth(username: credential.username, password: credential.password)
        }
        let authSecrets = Redactor.authCredentials(of: suite, scope: scope).map(\.value)
        if !authSecrets.isEmpty { redactor.addSecrets(authSecrets) }
        return redactor
    }

    /// Hands a finished result to the sinks and to the observer; waits while a sink is too far behind.
    func report(_ result: consuming TestResult, to dispatcher: ResultDispatcher) async {
        // The observer first, so that the dispatcher can keep the result without a copy.
        options.resultObserver?(result)
        await dispatcher.record(result)
    }
}

/// What a run produced.
public struct RunReport: Sendable {
    /// Every result in completion order, or only the failed and errored ones when the run's
    /// `RunOptions.keptResults` is `.problems` (the summary counts all of them either way).
    public var results: [TestResult]
    /// The totals.
    public var summary: RunSummary
    /// `.complete` or `.interrupted`.
    public var status: RunStatus
    /// Failures of sinks (a database that could not be written): the run went on without them.
    public var sinkErrors: [String]
}

extension RunSummary {
    /// The totals of `results`, with p50/p95 of the requests' total time.
    public static func of(_ results: [TestResult], durationMs: Double) -> RunSummary {
        // Indices rather than elements: iterating copies every (large) result.
        var tally = RunTally(expectedResults: results.count)
        for index in results.indices { tally.add(results[index]) }
        return tally.summary(durationMs: durationMs)
    }
}
