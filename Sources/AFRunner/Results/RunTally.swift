/// The totals of a run, counted as results arrive, so the summary does not need every result kept.
struct RunTally: Sendable {
    var passed = 0
    var failed = 0
    var errors = 0
    var skipped = 0
    /// The requests' total times, in arrival order.
    var times: [Double] = []
    /// Setup and teardown results, also in the counts above.
    var setup: OutcomeCounts?
    var teardown: OutcomeCounts?

    init(expectedResults: Int = 0) {
        times.reserveCapacity(expectedResults)
    }

    /// Counts `result`.
    mutating func add(_ result: borrowing TestResult) {
        add(status: result.status, totalMs: result.timings?.totalMs, phase: result.phase)
    }

    /// Counts a result with `status` whose request took `totalMs` (nil: no request was made).
    mutating func add(status: TestStatus, totalMs: Double?, phase: TestPhase) {
        if let totalMs { times.append(totalMs) }
        switch phase {
        case .test: break
        case .setup: setup = (setup ?? OutcomeCounts()).adding(status)
        case .teardown: teardown = (teardown ?? OutcomeCounts()).adding(status)
        }
        switch status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
    }

    /// The summary: the counts, and p50/p95 of the requests' total time (nearest rank).
    func summary(durationMs: Double) -> RunSummary {
        var summary = RunSummary(
            passed: passed,
            failed: failed,
            errors: errors,
            skipped: skipped,
            durationMs: durationMs,
            setup: setup,
            teardown: teardown
        )
        let sorted = times.sorted()
        if !sorted.isEmpty {
            summary.p50Ms = Percentiles.nearestRank(sorted, 0.50)
            summary.p95Ms = Percentiles.nearestRank(sorted, 0.95)
        }
        return summary
    }
}

extension OutcomeCounts {
    fileprivate func adding(_ status: TestStatus) -> OutcomeCounts {
        var counts = self
        counts.add(status)
        return counts
    }
}
