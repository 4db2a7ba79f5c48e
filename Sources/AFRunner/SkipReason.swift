/// The skip reasons the runner itself gives, for a test that got no verdict: the run stopped before the test
/// ended. A suite's own `skip` reasons are its text. The history reads these (`--rerun-failed`), so that a
/// test the run never finished is not taken for one that passed or was meant to be skipped. They are
/// written into SQL as literals: no single quote.
public enum SkipReason {
    /// An interruption (SIGINT, SIGTERM) kept the test from starting.
    public static let interrupted = "interrupted"
    /// An interruption cancelled the test's transfer in flight.
    public static let cancelledInFlight = interrupted + ": cancelled in flight"
    /// `--fail-fast` stopped the run after another test failed.
    public static let failFast = "not run: --fail-fast stopped the run after a failure"
}
