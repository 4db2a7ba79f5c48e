import Foundation

/// The writer thread's CPU time, for benchmarks: with `AFRUN_HISTORY_CPU=1` in the environment the writer
/// sums `CLOCK_THREAD_CPUTIME_ID` over its insert passes and commits, and prints the total and
/// the share per result on standard error when a run ends. Thread CPU time does not move with the machine's
/// load the way wall time does, so it is the steady measure of recording's cost (`ci/bench-history-cpu.sh`).
///
/// Not `Sendable`: used on the writer's queue only.
struct WriterCPUMeter {
    /// Whether the meter is on (read once).
    static let enabled = ProcessInfo.processInfo.environment["AFRUN_HISTORY_CPU"] == "1"

    private var nanoseconds: Int64 = 0
    private var results = 0

    /// The calling thread's CPU time so far, in nanoseconds.
    static func threadNow() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// Runs `body`, adding its CPU time (and the results it stored) when the meter is on.
    mutating func measure<T>(results count: Int, _ body: () -> T) -> T {
        guard Self.enabled else { return body() }
        let start = Self.threadNow()
        defer {
            nanoseconds += Self.threadNow() - start
            results += count
        }
        return body()
    }

    /// Prints the totals since the last report and starts again (at a run's end).
    mutating func report() {
        guard Self.enabled else { return }
        let perResult = results > 0 ? Double(nanoseconds) / Double(results) / 1000 : 0
        let line = String(format: "afrun history writer: %.1f ms CPU for %d results (%.1f us per result)\n",
                          Double(nanoseconds) / 1_000_000, results, perResult)
        FileHandle.standardError.write(Data(line.utf8))
        nanoseconds = 0
        results = 0
    }
}
