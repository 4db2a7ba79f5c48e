import Foundation

/// Finds and loads suite files: every `*.json` under the given paths (folders walked recursively,
/// sorted; `_data` and dot-folders skipped), each decoded and validated.
///
/// CONTRACT (skeleton): the suite issue implements it.
public struct SuiteLoader: Sendable {
    /// Creates a loader.
    public init() {}

    /// What loading produced: the suites that loaded, and every problem found (all in one pass).
    public struct Result: Sendable {
        /// Suites that loaded without error.
        public var suites: [Suite]
        /// Problems, in file order; a suite with any is not in `suites`.
        public var errors: [SuiteError]
    }

    /// Loads every suite under `paths`. `knownVariables` are names defined outside the suites
    /// (`--var`, `--secret`), so that undefined-variable checks can see them.
    public func load(paths: [String], knownVariables: Set<String> = []) -> Result {
        Result(suites: [], errors: [])
    }
}
