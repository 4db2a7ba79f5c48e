import AFSession
import AFSuite
import Foundation

/// How a run is carried out: concurrency, selection, variables, timeouts, TLS override.
public struct RunOptions: Sendable {
    /// Requests in flight at most, across all suites (`--jobs`). 64 by default: what one libcurl
    /// multi handle serves well on a small machine, and the figure the benchmarks compare at.
    public var jobs: Int = 64
    /// Which tests run, by identity (`--filter`, `--shard`, `--rerun-failed`); nil runs all.
    /// Tests left out are not run and not reported.
    public var include: (@Sendable (TestIdentity) -> Bool)?
    /// Stop at the first failure or error; the remaining tests are reported as skipped.
    public var failFast = false
    /// Timeout in seconds for a request when neither the test nor its suite sets one (`--timeout`).
    public var defaultTimeout: Double = 30
    /// `--insecure`: accept invalid certificates and skip host name checks for every suite.
    public var insecure = false
    /// `--cacert`: the CA file (PEM) or hashed CA folder trusted where a test's `tls` sets no `caFile`, in place
    /// of the system's store, as curl's `--cacert` and `--capath`.
    public var caFile: URL?
    /// `--cert` and `--key`: the client certificate sent where a test's `tls` sets no `clientCertificate`.
    public var clientCertificate: ClientCertificate?
    /// `--var name=value`: the strongest variables.
    public var variables: [String: String] = [:]
    /// The default of `maxBodyBytes` and `--max-body`: 64 MiB.
    public static let defaultMaxBodyBytes = 64 << 20
    /// `--max-body`: the most response body bytes kept for assertions that read the whole body, when
    /// neither the test nor the suite's defaults set `maxBodyBytes`.
    public var maxBodyBytes: Int = RunOptions.defaultMaxBodyBytes
    /// `--regex-timeout`: how long one regex evaluation (`matches`, a regex capture, `--filter`) may take;
    /// past it the assertion fails saying so, and the run goes on.
    public var regexTimeout: Duration = BoundedRegex.defaultLimit
    /// `--secret name=value` and vars-file secrets: like `variables`, and redacted in every form from every result
    /// of the run.
    public var secrets: [String: String] = [:]
    /// `--cookie-jar FILE`: a Netscape cookie file read into every suite's cookie store before the run and
    /// written with every suite's cookies after it (a suite with its own `"cookies": {"file": …}` uses that).
    public var cookieJar: URL?
    /// `--delay MS`: a pause before every request whose test and suite set no `delayMs`.
    public var delayMs = 0
    /// `--seed N`: `{{$uuid}}`, `{{$randomInt(…)}}` and `{{$randomString(…)}}` give the same values on every
    /// run with the same seed (each test draws from the seed, its suite name and its name); nil draws fresh ones.
    public var seed: UInt64?
    /// The environment `{{env.NAME}}` reads.
    public var environment: [String: String] = ProcessEnvironment.all
    /// The session configuration every session starts from (its security policy is replaced per suite).
    public var sessionConfiguration: SessionConfiguration
    /// Reachability hook: when a connection fails, asked whether the host is reachable at all;
    /// `false` turns the error kind into `unreachable`. nil: not consulted.
    public var isReachable: (@Sendable (URL) async -> Bool)?
    /// Told about every (redacted) result as it finishes, synchronously on the task that ran the
    /// test, possibly from several tasks at once: for a cheap observer such as the terminal's
    /// one line per test, which then costs no hand-off to a sink's drain task per result.
    public var resultObserver: (@Sendable (TestResult) -> Void)?
    /// Which results `RunReport.results` keeps: every one (the default), or only failed and errored
    /// ones (what the failure list prints). The summary's counts and percentiles are the same either
    /// way; sinks see every result either way. A long run that needs no list of all its results
    /// (the CLI: reporters that need them collect their own as sinks) then holds no passed result.
    public var keptResults: ResultRetention = .all
    /// How much of a passed result is built (`.full` by default). The caller sets the most any of its
    /// outputs reads: the CLI builds `.none` when nothing reads passed results (no history, no reports),
    /// `.summary` for a history at the `failures` level alone; failed and errored results and tests that
    /// capture are always complete.
    public var passedResultDetail: PassedResultDetail = .full

    /// Creates options with the defaults.
    public init() {
        var configuration = SessionConfiguration()
        // Suites share sessions, so a cookie set by one suite must not leak into another: each
        // suite's requests carry a cookie store of the suite's own instead (TestExecutor).
        configuration.cookiesEnabled = false
        // The transfer thread is the busiest of a large parallel run: a second one shares its work where
        // there is a second core (one request at a time still uses the first).
        configuration.transferThreads = ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1
        // As curl: http_proxy, https_proxy, all_proxy and no_proxy apply unless --proxy or a suite sets one.
        configuration.usesEnvironmentProxies = true
        sessionConfiguration = configuration
    }

    /// A filter from a `--filter` regex on `suite name/test name`; a name the regex cannot decide on
    /// within `limit` is not selected.
    /// - Throws: when the pattern is not a valid regex.
    public static func filter(
        _ pattern: String,
        limit: Duration = BoundedRegex.defaultLimit
    ) throws -> @Sendable (TestIdentity) -> Bool {
        let regex = try BoundedRegex(pattern)
        return { identity in regex.matches(identity.description, limit: limit) == true }
    }
}
