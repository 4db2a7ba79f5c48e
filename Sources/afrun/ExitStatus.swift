/// afrun's exit statuses (the `--help` table; README and docs/ci.md show the same).
enum ExitStatus {
    /// Every selected test passed (or was skipped).
    static let passed: Int32 = 0
    /// A test failed or errored.
    static let testsFailed: Int32 = 1
    /// A usage error, a suite that does not load (the others still run), no suite found, or a report or
    /// history that could not be written.
    static let usage: Int32 = 2
    /// An internal error.
    static let internalError: Int32 = 3
    /// Suites loaded but no test was selected (a `--filter` or `--shard` that matches nothing), without
    /// `--allow-empty`: a green step must mean tests ran.
    static let noTestSelected: Int32 = 4

    /// The `--help` text.
    static let help = """
        EXIT STATUS
          0    every selected test passed
          1    a test failed or errored
          2    usage error; no suite found under PATH; a suite that does not
               load (the other suites still run); a report or the history
               could not be written
          3    internal error
          4    no test selected (--filter or --shard matched nothing);
               --allow-empty exits 0 instead
          130  interrupted by SIGINT (143: SIGTERM): tests not run are
               skipped, the run is marked interrupted in the history and
               the reports
        """
}
