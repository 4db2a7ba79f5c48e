import AFSession
import AFSuite
import Foundation
import JSONPath

/// Runs one test of a suite: builds the request, sends it (with retries), evaluates the
/// expectations, takes the captures, and returns the redacted result.
struct TestExecutor: Sendable {
    let runner: Runner
    let suite: Suite
    /// The suite's redactor: the run-wide secrets and this suite's.
    let redactor: Redactor
    let builder: RequestBuilder
    /// The suite's TLS policies, built once per distinct spec.
    let policies: SecurityPolicyCache
    /// The suite's cookie store for this run (nil when the suite sets `"cookies": false`).
    let cookies: CookieStore?
    /// The suite's OAuth 2.0 tokens, fetched once and shared by its tests.
    let tokens = OAuth2TokenCache()

    init(runner: Runner, suite: Suite, redactor: Redactor) {
        self.runner = runner
        self.suite = suite
        self.redactor = redactor
        policies = SecurityPolicyCache(
            directory: suite.directory,
            insecure: runner.options.insecure,
            caFile: runner.options.caFile,
            clientCertificate: runner.options.clientCertificate
        )
        builder = RequestBuilder(
            suite: suite,
            defaultTimeout: runner.options.defaultTimeout,
            defaultMaxBodyBytes: runner.options.maxBodyBytes
        )
        cookies = suite.keepsCookies ? CookieStore() : nil
    }

    /// A captured variable for the next tests.
    struct Capture: Sendable {
        var name: String
        var value: String
        var secret: Bool
        /// The captured JSON node when it is not a string.
        var json: JSONValue? = nil
    }

    /// Whether the run's selection (`--filter`, `--shard`, `--rerun-failed`) includes `test`.
    func isSelected(_ test: TestCase) -> Bool {
        isSelected(test.name)
    }

    /// Whether the selection keeps the suite's test named `name`.
    func isSelected(_ name: String) -> Bool {
        guard let include = runner.options.include else { return true }
        return include(TestIdentity(suiteFile: suite.displayPath, suiteName: suite.name, testName: name))
    }

    /// The result (nil when the test is not selected) and the captures.
    /// - Parameters:
    ///   - leftOut: captures of earlier tests the selection left out, each with the test that sets it.
    ///   - phase: a setup or teardown test is never left out by the selection, and a teardown test runs
    ///     after a stop too (`--fail-fast`, the first interruption).
    ///   - blockedBy: when set, the test is skipped with this reason (its suite's setup failed).
    func run(
        _ test: TestCase,
        scope: VariableScope,
        leftOut: [String: String] = [:],
        phase: TestPhase = .test,
        blockedBy: String? = nil
    ) async -> (result: TestResult?, captures: [Capture]) {
        let identity = TestIdentity(
            suiteFile: suite.displayPath,
            suiteName: suite.name,
            testName: phase.resultName(test.name)
        )
        if phase == .test, let include = runner.options.include, !include(identity) { return (nil, []) }
        // One result value, written in place from here to the redactor (no copies of it on the way).
        var result = TestResult(identity: identity, line: test.location.line, status: .skipped)
        result.tags = test.tags
        result.phase = phase
        switch phase == .teardown ? nil : runner.stoppedBecause {
        case .interrupted?:
            result.skipReason = Self.interrupted
            return (runner.redactor.redact(result), [])
        case .failFast?:
            result.skipReason = SkipReason.failFast
            return (redactor.redact(result), [])
        case nil: break
        }
        if let reason = test.skip ?? blockedBy {
            result.skipReason = reason
            return (redactor.redact(result), [])
        }
        var scope = scope
        if let row = test.row { scope.row = row.values }
        let generator = ValueGenerator.forTest(identity, runSeed: runner.options.seed)
        scope.generator = generator
        let captures = await execute(test, scope: scope, leftOut: leftOut, phase: phase, into: &result)
        if runner.stoppedBecause == .interrupted, result.status == .error, result.error?.kind == "cancelled" {
            // Cut short by the interruption: not run to the end, so neither failed nor errored.
            result.status = .skipped
            result.error = nil
            result.skipReason = SkipReason.cancelledInFlight
        }
        var secretCaptures: Set<String> = []
        if !captures.isEmpty {
            secretCaptures = Set(captures.filter(\.secret).map(\.name))
            redactor.addSecrets(captures.filter(\.secret).map(\.value))
            result.captures = Dictionary(captures.map { ($0.name, $0.value) }, uniquingKeysWith: { _, b in b })
        }
        // The generated values sent (`$uuid`, `$randomInt(1,100)#2`…) are kept beside the captures: no capture
        // name can start with `$`.
        for (name, value) in generator.values { result.captures[name] = value }
        if runner.options.failFast, result.status == .failed || result.status == .error { runner.stop(.failFast) }
        return (redactor.redact(result, secretCaptures: secretCaptures), captures)
    }

    /// Runs the attempts, writing their outcome into `result` (a nested function capturing the result
    /// would box it on the heap, and returning it would copy it); returns the captures.
    /// The skip reason of the tests an interruption (SIGINT, SIGTERM) kept from running.
    static let interrupted = SkipReason.interrupted

    private func execute(
        _ test: TestCase,
        scope: VariableScope,
        leftOut: [String: String],
        phase: TestPhase,
        into result: inout TestResult
    ) async -> [Capture] {
        // `delayMs` (or `--delay`): a pause before the request, outside the test's duration and its slot.
        let delay = suite.defaults.settings.merged(with: test.request.settings).delayMs ?? runner.options.delayMs
        if delay > 0 { try? await Task.sleep(for: .milliseconds(delay)) }
        let started = ContinuousClock.now
        result.startedAt = Date()
        var request: HTTPRequest
        let session: SessionManager
        // The rendered expectations on their own: a mutable copy of the whole test case (retains
        // of every field, per test) only to replace them cost more than the rendering.
        let expect: Expectations
        let captureSpecs: [CaptureSpec]
        // An `expect` that may name the test's own captures is rendered once they are taken (see `CaptureStep`).
        let rendersAfterCaptures = !test.captures.isEmpty && VariableScope.mayHavePlaceholders(test.expect)
        do {
            var built = try builder.request(for: test, scope: scope, phase: phase)
            // A bearer token, an API key, a Basic credential (even from a variable not marked secret): hidden in
            // this suite's results wherever the server echoes it.
            for field in built.headers where SinkRedactor.isSecretName(field.name) {
                redactor.addHeaderValue(field.value)
            }
            if let authentication = built.authentication { redactor.addAuthentication(authentication) }
            // A proxy's password (`http://user:password@proxy:3128`) is a credential too.
            if let proxy = built.proxy ?? runner.options.sessionConfiguration.proxy,
                let password = URLComponents(string: proxy)?.password, !password.isEmpty
            {
                redactor.addSecrets([password])
            }
            built.cookieStore = cookies
            // `"cookies": false`: no store at all, not the session's either.
            if cookies == nil { built.handlesCookies = false }
            request = built
            expect = rendersAfterCaptures ? test.expect : try scope.render(test.expect)
            captureSpecs = try Self.render(test.captures, scope: scope)
            let spec = suite.defaults.tls.map { $0.merged(with: test.request.tls) } ?? test.request.tls
            let policy = try policies.policy(for: spec) { (s: String) throws(RunnerError) -> String in
                try scope.render(s)
            }
            session = runner.sessions.session(for: policy, httpVersion: request.httpVersion)
            if let grant = try builder.oauth2Grant(for: test, scope: scope, phase: phase) {
                redactor.addSecrets([grant.clientSecret])
                let timeout = Duration.milliseconds(Int64(runner.options.defaultTimeout * 1_000))
                let token = try await tokens.token(for: grant, session: session, timeout: timeout)
                redactor.addSecrets([token])
                request.authentication = .bearer(token: token)
            }
        } catch {
            var error = error
            if case .undefinedVariable(let name) = error {
                if let setter = leftOut[name] {
                    error = .capturedByLeftOutTest(name, test: setter)
                } else if let dropped = scope.droppedCaptures[name] {
                    error = .captureNotKept(name, test: dropped.test, outcome: dropped.outcome)
                }
            }
            result.status = .error
            result.error = TestErrorInfo(kind: error.kind, message: error.description)
            result.durationMs = (ContinuousClock.now - started).milliseconds
            return []
        }

        let retry = test.retry ?? suite.defaults.retry
        let maxAttempts = 1 + max(0, retry?.count ?? 0)
        let step = CaptureStep(
            specs: captureSpecs,
            scope: scope,
            rendersExpect: rendersAfterCaptures,
            // A name secret anywhere (`--secret`, a secret suite variable) stays secret when a capture replaces
            // its value.
            secretNames: scope.secretNames.union(test.captures.filter(\.hidesValue).map(\.name)),
            xpathNamespaces: test.expect.xpathNamespaces
        )
        var captures: [Capture] = []
        var sentHeaderNames: [String]?
        for attempt in 1...maxAttempts {
            result.attempts = attempt
            captures = await attemptOnce(
                expect,
                request: request,
                session: session,
                step: step,
                into: &result,
                sentHeaderNames: &sentHeaderNames
            )
            if result.status == .passed || attempt == maxAttempts || runner.stoppedBecause == .interrupted { break }
            if let delay = retry?.delayMs, delay > 0 { try? await Task.sleep(for: .milliseconds(delay)) }
        }
        // Built once the status is known: a passed result gets what the sinks read (`passedResultDetail`).
        switch runner.options.passedResultDetail {
        case _ where result.status != .passed, .full:
            result.request = ResultSummaries.request(request, sentHeaderNames: sentHeaderNames)
        case .summary: result.request = ResultSummaries.leanRequest(request)
        case .none: break
        }
        result.durationMs = (ContinuousClock.now - started).milliseconds
        return captures
    }

    /// `captures` with the placeholders of their JSON paths rendered (`$.items[{{index}}].id`).
    static func render(_ captures: [CaptureSpec], scope: VariableScope) throws(RunnerError) -> [CaptureSpec] {
        guard
            captures.contains(where: {
                if case .json(let p) = $0.source { Template.mayHavePlaceholder(p) } else { false }
            })
        else { return captures }
        var out = captures
        for index in out.indices {
            if case .json(let path) = out[index].source, Template.mayHavePlaceholder(path) {
                out[index].source = .json(try scope.renderPath(path).path)
            }
        }
        return out
    }

    /// Sends one attempt and writes its outcome (status, assertions, error, response, timings, TLS) into
    /// `result` in place: building an attempt value and copying it field by field into the result moved
    /// and retained the response's summaries and metrics once more per test.
    /// - Returns: the captures, when the attempt passed.
    private func attemptOnce(
        _ expect: Expectations,
        request: HTTPRequest,
        session: SessionManager,
        step: CaptureStep,
        into result: inout TestResult,
        sentHeaderNames: inout [String]?
    ) async -> [Capture] {
        let keepsContext = !step.specs.isEmpty
        let outcome: Result<DataResponse, SessionError> = await runner.limiter.withSlot {
            // Interrupted while waiting for a slot: nothing is sent.
            if Task.isCancelled { return .failure(.cancelled(request)) }
            do throws(SessionError) {
                return .success(try await session.data(for: request))
            } catch {
                return .failure(error)
            }
        }

        sentHeaderNames = nil
        switch outcome {
        case .success(let response):
            sentHeaderNames = response.response.sentHeaderNames
            var context = ResponseContext(
                response: response.response,
                body: response.data,
                bodySummary: response.body,
                metrics: response.metrics
            )
            if let expected = expect.error {
                // A response where a transport error was expected: that is the failure, and nothing else is checked.
                result.status = .failed
                result.assertions = [
                    AssertionEvaluator.expectedError(
                        expected,
                        gotKind: nil,
                        outcome: "a response (status \(response.response.statusCode))"
                    )
                ]
                result.unlistedAssertions = 0
                result.error = nil
                Self.record(response, in: &result)
                return []
            }
            // The test's captures first: its `expect` may name them.
            let taken = step.take(from: context, regexLimit: runner.options.regexTimeout, redactor: redactor)
            let checked: Expectations
            switch step.expectations(expect, after: taken) {
            case .success(let rendered): checked = rendered
            case .failure(let error):
                result.status = .error
                result.error = TestErrorInfo(kind: error.kind, message: error.description)
                result.assertions = taken.missResults
                if case .undefinedVariable(let name) = error, taken.missed.contains(name) {
                    // A capture the expectations name took nothing: that is the failure, not the template.
                    result.status = .failed
                    result.error = nil
                }
                result.unlistedAssertions = 0
                Self.record(response, in: &result)
                return []
            }
            context.captures = step.subjects(for: checked.captures, taken: taken)
            // Nothing reads a passed result's detail and nothing is captured from it: when every assertion
            // holds, no assertion text and no response summary is built (any failure is evaluated in full).
            let detail = runner.options.passedResultDetail
            if detail != .full, !keepsContext, runner.evaluator.allHold(checked, on: context) == true {
                result.status = .passed
                result.assertions = []
                result.unlistedAssertions = runner.evaluator.holdingCount(checked, on: context)
                result.error = nil
                result.response =
                    detail == .summary
                    ? ResultSummaries.leanResponse(response.response, body: response.body, metrics: response.metrics)
                    : nil
                result.timings = ResultSummaries.timing(response.metrics)
                result.tls = response.metrics.tlsEvidence.map { ResultSummaries.tls(evidence: $0) }
                return []
            }
            let assertions = runner.evaluator.evaluate(checked, on: context) + taken.missResults
            result.status = assertions.allSatisfy(\.passed) ? .passed : .failed
            result.assertions = assertions
            result.unlistedAssertions = 0
            result.error = nil
            Self.record(response, in: &result)
            return result.status == .passed ? taken.captures : []
        case .failure(.serverTrustRejected(let rejection)) where expect.tls != .trusted:
            let context = ResponseContext(response: nil, rejection: rejection)
            let taken = step.take(from: context, regexLimit: runner.options.regexTimeout, redactor: redactor)
            let assertions = runner.evaluator.evaluate(expect, on: context) + taken.missResults
            result.status = assertions.allSatisfy(\.passed) ? .passed : .failed
            result.assertions = assertions
            result.unlistedAssertions = 0
            result.error = nil
            result.response = nil
            result.timings = nil
            result.tls = ResultSummaries.tls(rejection: rejection)
            return result.status == .passed ? taken.captures : []
        case .failure(let error):
            var info = TestErrorInfo(error)
            if info.kind == "cannotConnect", let isReachable = runner.options.isReachable,
                await !isReachable(request.url)
            {
                info.kind = "unreachable"
            }
            if let expected = expect.error {
                // The expected failure is the passing result; the other expectations are not evaluated.
                let assertion = AssertionEvaluator.expectedError(
                    expected,
                    gotKind: info.kind,
                    outcome: info.kind == expected ? info.kind : "\(info.kind) (\(info.message))"
                )
                result.status = assertion.passed ? .passed : .failed
                result.assertions = [assertion]
                result.error = nil
            } else {
                result.status = .error
                result.assertions = []
                result.error = info
            }
            result.unlistedAssertions = 0
            result.response = nil
            // Whatever libcurl measured before the failure (a connect, a handshake, a first byte) is kept.
            result.timings = error.transportFailure?.metrics.map(ResultSummaries.timing)
            if case .serverTrustRejected(let rejection) = error {
                result.tls = ResultSummaries.tls(rejection: rejection)
            } else {
                result.tls = nil
            }
            return []
        }
    }
}

extension TestExecutor {
    /// The response's summary, timings and TLS evidence on `result`, as every outcome with a response keeps them.
    static func record(_ response: DataResponse, in result: inout TestResult) {
        result.response = ResultSummaries.response(
            response.response,
            body: response.data,
            summary: response.body,
            metrics: response.metrics
        )
        result.timings = ResultSummaries.timing(response.metrics)
        result.tls = response.metrics.tlsEvidence.map { ResultSummaries.tls(evidence: $0) }
    }
}
