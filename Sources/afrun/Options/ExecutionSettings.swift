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
    /// `--insecure`.
    var insecure = false
    /// `--repeat`: how many runs, one after the other.
    var repeatCount = 1

    /// Checks the values together.
    /// - Throws: `ValidationError` naming the flag and the fix.
    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard repeatCount >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if let filter {
            do { _ = try RunOptions.filter(filter) } catch {
                // Foundation on Linux says only "the value is invalid": say what and where.
                let reason = RegexProblem.explain(filter).map { "\($0.message) at position \($0.offset)" } ?? "the pattern does not compile"
                throw ValidationError("--filter '\(filter)' is not a valid regex: \(reason); escape regex characters with \\ to match them literally")
            }
        }
    }
}
