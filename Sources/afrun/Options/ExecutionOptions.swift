import ArgumentParser

/// How tests are scheduled and sent.
struct ExecutionOptions: ParsableArguments {
    @Option(name: [.short, .long], help: "Requests in flight at most, across all suites.")
    var jobs: Int = ExecutionSettings().jobs

    @Option(help: ArgumentHelp("Run only tests whose 'suite name/test name' matches this regex.", valueName: "regex"))
    var filter: String?

    @Flag(help: "Stop at the first failure or error; the remaining tests are reported as skipped.")
    var failFast = false

    @Option(help: ArgumentHelp("Request timeout in seconds when the suite sets none.", valueName: "seconds"))
    var timeout: Double = ExecutionSettings().timeout

    @Option(help: ArgumentHelp(
        "Longest time one regex evaluation (matches, a regex capture, --filter) may take; past it the assertion fails.",
        valueName: "seconds"))
    var regexTimeout: Double = ExecutionSettings().regexTimeout

    @Option(help: ArgumentHelp(
        "Most response body bytes kept for json, xpath and body text assertions when the suite sets no maxBodyBytes; bytes and sha256 read any size.",
        valueName: "bytes"))
    var maxBody: Int = ExecutionSettings().maxBody

    @Flag(help: "Accept invalid certificates and do not check host names (every suite).")
    var insecure = false

    @Option(help: ArgumentHelp(
        "Run everything this many times, one recorded run each (then `afrun history flaky`).", valueName: "count"))
    var `repeat`: Int = ExecutionSettings().repeatCount

    /// The same values as `ExecutionSettings`.
    var settings: ExecutionSettings {
        ExecutionSettings(
            jobs: jobs, filter: filter, failFast: failFast, timeout: timeout, regexTimeout: regexTimeout, maxBody: maxBody, insecure: insecure,
            repeatCount: `repeat`)
    }

    func validate() throws { try settings.validate() }
}
