import AFRunner
import AFSuite
import ArgumentParser

/// `ExecutionOptions` as plain values: what both the argument parser and the fast `run` path produce.
struct ExecutionSettings: Equatable, Sendable {
    /// `--jobs`.
    var jobs = 64
    /// `--filter`.
    var filter: String?
    /// `--fail-fast`.
    var failFast = false
    /// `--timeout`.
    var timeout: Double = 30
    /// `--regex-timeout`, in seconds.
    var regexTimeout: Double = 1
    /// `--max-body`, in bytes.
    var maxBody = RunOptions.defaultMaxBodyBytes
    /// `--insecure`.
    var insecure = false
    /// `--repeat`: how many runs, one after the other.
    var repeatCount = 1

    /// `--regex-timeout` as a duration.
    var regexLimit: Duration { .milliseconds(Int64((regexTimeout * 1_000).rounded(.up))) }

    /// Checks the values together.
    /// - Throws: `ValidationError` naming the flag and the fix.
    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard maxBody >= 1 else { throw ValidationError("--max-body must be at least 1 (bytes; the default is 67108864, 64 MiB)") }
        guard regexTimeout > 0, regexTimeout <= 3600 else {
            throw ValidationError("--regex-timeout must be more than 0 and at most 3600 seconds")
        }
        guard repeatCount >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if let filter {
            do { _ = try RunOptions.filter(filter, limit: regexLimit) } catch {
                // Foundation on Linux says only "the value is invalid": say what and where.
                let reason = RegexProblem.explain(filter).map { "\($0.message) at position \($0.offset)" } ?? "the pattern does not compile"
                throw ValidationError("--filter '\(filter)' is not a valid regex: \(reason); escape regex characters with \\ to match them literally")
            }
        }
    }
}
