import AFRunner
import AFSuite
import ArgumentParser

/// How tests are selected, scheduled and sent.
struct ExecutionOptions: ParsableArguments {
    @Option(name: [.short, .long], help: "Requests in flight at most, across all suites.")
    var jobs: Int = 64

    @Option(help: ArgumentHelp("Run only tests whose 'suite name/test name' matches this regex.", valueName: "regex"))
    var filter: String?

    @Flag(help: "Exit 0 when no test is selected (by default a run that selects nothing exits 4).")
    var allowEmpty = false

    @Flag(help: "Stop at the first failure or error; the remaining tests are reported as skipped.")
    var failFast = false

    @Option(help: ArgumentHelp("Request timeout in seconds when the suite sets none.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(help: "Accept invalid certificates and do not check host names (every suite).")
    var insecure = false

    @Option(help: ArgumentHelp(
        "Run everything this many times, one recorded run each (then `afrun history flaky`).", valueName: "count"))
    var `repeat`: Int = 1

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if let filter {
            do { _ = try RunOptions.filter(filter) } catch {
                // Foundation on Linux says only "the value is invalid": say what and where.
                let reason = RegexProblem.explain(filter).map { "\($0.message) at position \($0.offset)" } ?? "the pattern does not compile"
                throw ValidationError("--filter '\(filter)' is not a valid regex: \(reason); escape regex characters with \\ to match them literally")
            }
        }
    }
}
