import AFRunner
import AFSuite
import ArgumentParser

/// How tests are selected, scheduled and sent.
struct ExecutionOptions: ParsableArguments {
    @Option(name: [.short, .long], help: "Requests in flight at most, across all suites.")
    var jobs: Int = 64

    @Option(help: ArgumentHelp("Run only tests whose 'suite name/test name' matches this regex.", valueName: "regex"))
    var filter: String?

    @Option(
        help: ArgumentHelp(
            "Run only tests with this tag (a suite's tags count for its tests); repeat for any of several.",
            valueName: "tag"
        )
    )
    var tag: [String] = []

    @Option(help: ArgumentHelp("Leave out tests with this tag; repeatable; wins over --tag.", valueName: "tag"))
    var excludeTag: [String] = []

    /// `--tag` and `--exclude-tag`.
    var tags: TagSelection { TagSelection(included: tag, excluded: excludeTag) }

    @Flag(
        help:
            "Also run the tests outside --filter/--tag whose captures a selected test uses (and their own providers)."
    )
    var withDeps = false

    @Flag(
        help:
            "After the run, watch the paths and re-run the suites whose files (or the files they $ref) change, one summary per run; Ctrl-C ends it."
    )
    var watch = false

    @Flag(help: "Exit 0 when no test is selected (by default a run that selects nothing exits 4).")
    var allowEmpty = false

    @Flag(help: "Stop at the first failure or error; the remaining tests are reported as skipped.")
    var failFast = false

    @Option(help: ArgumentHelp("Request timeout in seconds when the suite sets none.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(
        help: ArgumentHelp(
            "Longest time one regex evaluation (matches, a regex capture, --filter, a JSONPath's match()/search()) may take; past it the assertion fails.",
            valueName: "seconds"
        )
    )
    var regexTimeout: Double = 1

    @Option(
        help: ArgumentHelp(
            "Most response body bytes kept for json, xpath, schema, openapi and body text assertions when the suite sets no maxBodyBytes (a count, or with a unit: 512k, 64M, 1G); bytes and sha256 read any size.",
            valueName: "bytes"
        )
    )
    var maxBody = ByteSize(RunOptions.defaultMaxBodyBytes)

    @Flag(help: "Accept invalid certificates and do not check host names (every suite).")
    var insecure = false

    @Option(
        help: ArgumentHelp(
            "Run everything this many times, one recorded run each (then `afrun history flaky`).",
            valueName: "count"
        )
    )
    var `repeat`: Int = 1

    /// `--regex-timeout` as a duration.
    var regexLimit: Duration { .milliseconds(Int64((regexTimeout * 1_000).rounded(.up))) }

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard maxBody.bytes >= 1 else {
            throw ValidationError("--max-body must be at least 1 (bytes, or 512k, 64M, 1G; the default is 64M)")
        }
        guard regexTimeout > 0, regexTimeout <= 3600 else {
            throw ValidationError("--regex-timeout must be more than 0 and at most 3600 seconds")
        }
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if watch && `repeat` > 1 {
            throw ValidationError("--watch runs again on each change; it cannot be combined with --repeat")
        }
        for (flag, values) in [("--tag", tag), ("--exclude-tag", excludeTag)] {
            if let bad = values.first(where: { !Suite.isTagName($0) }) {
                throw ValidationError(
                    "\(flag) '\(bad)' is not a tag name: tags are letters, digits, `_`, `-`, `.` or `:`;"
                        + " repeat the flag for several tags (\(flag) smoke \(flag) fast)"
                )
            }
        }
        if let filter {
            do { _ = try RunOptions.filter(filter, limit: regexLimit) } catch {
                // Foundation on Linux says only "the value is invalid": say what and where.
                let reason =
                    RegexProblem.explain(filter).map { "\($0.message) at position \($0.offset)" }
                    ?? "the pattern does not compile"
                throw ValidationError(
                    "--filter '\(filter)' is not a valid regex: \(reason); escape regex characters with \\ to match them literally"
                )
            }
        }
    }
}
