import AFSession
import AFSuite
import Foundation

/// `afrun curl`: each test's request as a `curl` command line, built by the runner's own ``RequestBuilder``
/// (variables, `defaults`, data rows, generated values with the run's seed) without sending anything, so a
/// failing test can be replayed by hand.
///
/// A value captured by an earlier test is not known before the suite runs: it becomes a shell variable
/// (`"$userId"`), set by the user, and the export says which test captures it.
public enum CurlExport {
    /// One test's command.
    public struct Entry: Sendable {
        /// The test (for a setup or teardown test, its name as the suite writes it).
        public var identity: TestIdentity
        /// `setup`, `test` or `teardown`.
        public var phase: TestPhase
        /// Comment lines (`# …`) to print before the command: the captured values it needs.
        public var notes: [String]
        /// The command line, or nil when the request cannot be built (`problem` says why).
        public var command: String?
        /// Why the request cannot be built (an undefined variable, an unreadable body file…).
        public var problem: String?
    }

    /// What the export reads besides the suites.
    public struct Options: Sendable {
        /// `--var` values.
        public var variables: [String: String] = [:]
        /// `--secret` values.
        public var secrets: [String: String] = [:]
        /// The environment `{{env.NAME}}` reads.
        public var environment: [String: String] = ProcessEnvironment.all
        /// `--seed`: the generated values of a run with the same seed.
        public var seed: UInt64?
        /// The timeout of a request whose suite sets none, in seconds.
        public var defaultTimeout: Double = 30
        /// Whether secrets are printed as they are (`--show-secrets`); masked by default.
        public var showsSecrets = false
        /// Which tests to export (nil: all).
        public var include: (@Sendable (TestIdentity) -> Bool)?

        /// Options with the defaults.
        public init() {}
    }

    /// The commands of `suite`'s selected tests, with its setup before and its teardown after them when
    /// any test is selected (as a run sends them).
    /// - Parameters:
    ///   - suite: a loaded suite.
    ///   - options: variables, seed, selection, masking.
    /// - Returns: one entry per request, in the order a sequential run sends them.
    public static func entries(for suite: Suite, options: Options) -> [Entry] {
        let identity = { (test: TestCase) in
            TestIdentity(suiteFile: suite.displayPath, suiteName: suite.name, testName: test.name)
        }
        let tests = suite.tests.filter { options.include?(identity($0)) ?? true }
        guard !tests.isEmpty else { return [] }
        let base = VariableScope(
            overrides: options.variables.merging(options.secrets) { _, secret in secret },
            secretOverrides: Set(options.secrets.keys),
            environment: options.environment
        )
        let scope = base.adding(suite.variables).scope
        let redactor = Redactor(secretValues: scope.secretValues)
        // As a run does: data rows may give values to names marked secret (a variable, `--secret`, a capture).
        let secretNames = scope.secretNames.union(suite.tests.flatMap(\.captures).filter(\.isSecret).map(\.name))
        redactor.addSecrets(
            suite.tests.compactMap(\.row).flatMap { $0.values.filter { secretNames.contains($0.key) }.map(\.value) }
        )
        for credential in Redactor.basicAuthCredentials(of: suite, scope: scope) {
            redactor.addBasicAuth(username: credential.username, password: credential.password)
        }
        let builder = RequestBuilder(suite: suite, defaultTimeout: options.defaultTimeout)
        let setters = captureSetters(suite)
        var entries: [Entry] = []
        // What setup captures before the setup test at hand: a default naming a later capture stays off it, as
        // in a run.
        let setupCaptures = RequestBuilder.setupCaptureNames(of: suite)
        var capturedBySetup: Set<String> = []
        for (phase, list) in [(TestPhase.setup, suite.setup), (.test, tests), (.teardown, suite.teardown)] {
            for test in list {
                var scoped = scope
                if let row = test.row { scoped.row = row.values }
                scoped.generator = ValueGenerator.forTest(identity(test), runSeed: options.seed)
                // Captures of other tests: a sentinel the command line turns into a shell variable.
                var needed: [(name: String, setter: String)] = []
                for (name, setter) in setters where scoped.value(of: name) == nil {
                    if phase == .setup, setupCaptures.contains(name), !capturedBySetup.contains(name) { continue }
                    scoped.captures[name] = Self.sentinel(name)
                    needed.append((name, setter))
                }
                if phase == .setup { capturedBySetup.formUnion(test.captures.map(\.name)) }
                var entry = Entry(identity: identity(test), phase: phase, notes: [])
                do throws(RunnerError) {
                    let request = try builder.request(for: test, scope: scoped, phase: phase)
                    let masked = options.showsSecrets ? request : mask(request, redactor: redactor)
                    var form: [String]?
                    if case .multipart(let parts)? = test.request.body {
                        form = try CurlFormArguments.arguments(
                            for: parts,
                            in: suite,
                            scope: scoped,
                            redactor: options.showsSecrets ? nil : redactor
                        )
                    }
                    let command = CurlCommandLine.text(
                        for: masked,
                        tls: try tlsArguments(for: test, in: suite, scope: scoped),
                        form: form
                    )
                    entry.command = command
                    entry.notes = needed.compactMap { need in
                        let variable = CurlCommandLine.shellName(need.name)
                        guard command.contains("\"$\(variable)\"") else { return nil }
                        return "# \(variable)=…  (captured as `\(need.name)` by '\(need.setter)' when the suite runs)"
                    }
                } catch {
                    entry.problem = baseURLProblem(suite, test: test, needed: needed) ?? error.description
                }
                entries.append(entry)
            }
        }
        return entries
    }

    /// curl's flags for the parts of the test's TLS policy curl has: `--insecure` for
    /// `allowInvalidCertificates` or no host name check, `--cacert` for `caFile`. Pins and client certificates
    /// are left to the user (the docs say so).
    private static func tlsArguments(
        for test: TestCase,
        in suite: Suite,
        scope: VariableScope
    ) throws(RunnerError) -> [String] {
        let spec = suite.defaults.tls.map { $0.merged(with: test.request.tls) } ?? test.request.tls
        guard let spec else { return [] }
        var out: [String] = []
        if spec.allowInvalidCertificates == true || spec.validatesDomainName == false { out.append("--insecure") }
        if let caFile = spec.caFile {
            out.append(
                "--cacert " + CurlCommandLine.quote(Suite.resolve(try scope.render(caFile), in: suite.directory).path)
            )
        }
        return out
    }

    /// Why a relative URL cannot be written when the `baseURL` names a capture: a shell variable cannot stand for
    /// the base, which must be parsed to resolve the URL, so the value is asked for with `--var`.
    private static func baseURLProblem(
        _ suite: Suite,
        test: TestCase,
        needed: [(name: String, setter: String)]
    ) -> String? {
        guard let base = suite.baseURL, let template = try? Template(base) else { return nil }
        for placeholder in template.placeholders {
            guard let need = needed.first(where: { $0.name == placeholder.name }) else { continue }
            return "the suite's `baseURL` uses `\(need.name)`, which '\(need.setter)' captures when the suite runs:"
                + " give it with `--var \(need.name)=URL`"
        }
        return nil
    }

    /// Every capture name of the suite, with the first test that sets it.
    private static func captureSetters(_ suite: Suite) -> [(String, String)] {
        var out: [(String, String)] = []
        for test in suite.setup + suite.tests + suite.teardown {
            for capture in test.captures where !out.contains(where: { $0.0 == capture.name }) {
                out.append((capture.name, test.name))
            }
        }
        return out
    }

    /// The text a captured name renders as until the command line makes it a shell variable: letters and
    /// digits only, so neither URL encoding nor JSON escaping changes it.
    static func sentinel(_ name: String) -> String {
        "AFRUNCAPTURE" + Data(name.utf8).map { String(format: "%02x", $0) }.joined() + "END"
    }

    /// `request` with every secret value masked, as every output of a run masks it.
    private static func mask(_ request: HTTPRequest, redactor: Redactor) -> HTTPRequest {
        var masked = request
        let url = SinkRedactor.url(redactor.redactURL(request.url.absoluteString))
        if let parsed = URL(string: url) { masked.url = parsed }
        var headers = HTTPHeaders()
        let fields = SinkRedactor.headers(
            redactor.redact(request.headers.fields.map { HeaderField(name: $0.name, value: $0.value) })
        )
        for field in fields { headers.add(name: field.name, value: field.value) }
        masked.headers = headers
        masked.authentication = request.authentication.map { mask($0, redactor: redactor) }
        masked.proxy = request.proxy.map { SinkRedactor.url(redactor.redactURL($0)) }
        if case .data(let data)? = request.body, let text = String(data: data, encoding: .utf8) {
            masked.body = .data(Data(SinkRedactor.text(redactor.redact(text)).utf8))
        }
        return masked
    }

    /// Credentials with their secrets masked: passwords, tokens and the secret key always (every credential is a
    /// secret), user names and access keys as other text.
    private static func mask(_ authentication: HTTPAuthentication, redactor: Redactor) -> HTTPAuthentication {
        let hidden = SinkRedactor.mask
        switch authentication {
        case .basic(let username, _): return .basic(username: redactor.redact(username), password: hidden)
        case .digest(let username, _): return .digest(username: redactor.redact(username), password: hidden)
        case .ntlm(let username, _): return .ntlm(username: redactor.redact(username), password: hidden)
        case .bearer: return .bearer(token: hidden)
        case .awsSigV4(let provider, let accessKey, _):
            return .awsSigV4(provider: provider, accessKey: redactor.redact(accessKey), secretKey: hidden)
        }
    }
}
