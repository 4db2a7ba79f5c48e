import AFRunner
import Foundation

extension PostgresHistory {
    /// `HistorySQL`'s range of result ids, open at both ends: the index `results(run_seq, test_id)` finds
    /// the rows.
    static let allResultIDs: [SQLArgument] = [
        .integer(HistoryStore.ResultIDRange.all.lower), .integer(HistoryStore.ResultIDRange.all.upper),
    ]

    /// Every test's identity by id (`HistoryStore.identities`, the same SQL).
    static func identities(in session: PostgresSession) throws(HistoryError) -> [Int64: TestIdentity] {
        var map: [Int64: TestIdentity] = [:]
        for row in try session.query(
            HistorySQL.identities,
            operation: "read tests"
        ) {
            let values = PostgresValues(row)
            guard let id = try values.int(0) else { continue }
            map[id] = TestIdentity(
                suiteFile: try values.string(2) ?? "",
                suiteName: try values.string(3) ?? "",
                testName: try values.string(1) ?? ""
            )
        }
        return map
    }

    /// The smallest run sequence among the latest `lastRuns` runs (`HistoryStore.windowStart`): the
    /// window's results are `run_seq >= start`, found through `results(run_seq, test_id)`.
    static func windowStart(lastRuns: Int, in session: PostgresSession) throws(HistoryError) -> Int64 {
        guard lastRuns > 0 else { return Int64.max }
        let rows = try session.query(
            HistorySQL.windowStart,
            [.integer(Int64(lastRuns - 1))],
            operation: "window"
        )
        return try rows.first.flatMap { row throws(HistoryError) in try PostgresValues(row).int(0) } ?? Int64.min
    }

    public func lastRunStatuses() throws -> [TestIdentity: TestStatus] {
        try withSession { session throws(HistoryError) in
            let names = try Self.identities(in: session)
            let rows = try session.query(HistorySQL.lastStatuses(.postgres), operation: "last statuses")
            return try Self.statuses(rows.map(PostgresValues.init), names: names)
        }
    }

    public func lastRunStatuses(inRunGroup group: String) throws -> [TestIdentity: TestStatus]? {
        try withSession { session throws(HistoryError) in
            let first = try session.query(HistorySQL.firstRunOfGroup, [.text(group)], operation: "last statuses")
            guard try first.first.flatMap({ row throws(HistoryError) in try PostgresValues(row).int(0) }) != nil
            else { return nil }
            let names = try Self.identities(in: session)
            let rows = try session.query(
                HistorySQL.lastStatusesInGroup(.postgres),
                Self.allResultIDs + [.text(group)],
                operation: "last statuses"
            )
            return try Self.statuses(rows.map(PostgresValues.init), names: names)
        }
    }

    /// Each test's status from rows of `test_id, status`.
    private static func statuses(
        _ rows: [PostgresValues],
        names: [Int64: TestIdentity]
    ) throws(HistoryError) -> [TestIdentity: TestStatus] {
        var map: [TestIdentity: TestStatus] = [:]
        for values in rows {
            guard let id = try values.int(0), let identity = names[id],
                let status = TestStatus(rawValue: try values.string(1) ?? "")
            else { continue }
            map[identity] = status
        }
        return map
    }

    public func medianDurations(lastRuns: Int, excludingRunGroup group: String?) throws -> [TestIdentity: Double] {
        try withSession { session throws(HistoryError) in
            let names = try Self.identities(in: session)
            guard let group else {
                let start = try Self.windowStart(lastRuns: lastRuns, in: session)
                return HistoryAnswers.medians(
                    try Self.samples(HistorySQL.durations, from: start, in: session),
                    names: names
                )
            }
            let start =
                lastRuns > 0
                ? try session.query(
                    HistorySQL.windowStartOutsideGroup,
                    [.text(group), .integer(Int64(lastRuns - 1))],
                    operation: "window"
                ).first.flatMap { row throws(HistoryError) in try PostgresValues(row).int(0) } ?? Int64.min
                : Int64.max
            let samples = try Self.samples(
                HistorySQL.durationsOutsideGroup,
                from: start,
                also: [.text(group)],
                in: session
            )
            return HistoryAnswers.medians(samples, names: names)
        }
    }

    public func flakyTests(lastRuns: Int, includeStable: Bool) throws -> [FlakyTest] {
        try withSession { session throws(HistoryError) in
            let names = try Self.identities(in: session)
            let start = try Self.windowStart(lastRuns: lastRuns, in: session)
            var tallies: [Int64: FlakyTally] = [:]
            // In run order at once: the index on `results(run_seq, test_id)` returns them so.
            for row in try session.query(
                HistorySQL.flakyResults(inRunOrder: true),
                Self.allResultIDs + [.integer(start)],
                operation: "flaky"
            ) {
                let values = PostgresValues(row)
                guard let test = try values.int(0), let status = try values.string(1) else { continue }
                tallies[test, default: FlakyTally()].add(
                    passed: status == TestStatus.passed.rawValue,
                    attempts: Int(try values.int(2) ?? 1),
                    status: status,
                    run: try values.int(3) ?? 0
                )
            }
            return HistoryAnswers.flaky(tallies, names: names, includeStable: includeStable)
        }
    }

    public func slowest(phase: TimingPhase, lastRuns: Int, limit: Int) throws -> [PhaseStats] {
        try withSession { session throws(HistoryError) in
            let names = try Self.identities(in: session)
            let start = try Self.windowStart(lastRuns: lastRuns, in: session)
            let samples = try Self.samples(HistorySQL.phaseValues(phase), from: start, in: session)
            return HistoryAnswers.slowest(samples, names: names, phase: phase, limit: limit)
        }
    }

    /// Each test's values of a `SELECT test_id, value … WHERE id BETWEEN ? AND ? AND run_seq >= ?`, with
    /// `also` bound to the placeholders after those.
    private static func samples(
        _ sql: String,
        from start: Int64,
        also: [SQLArgument] = [],
        in session: PostgresSession
    ) throws(HistoryError) -> [Int64: [Double]] {
        var samples: [Int64: [Double]] = [:]
        for row in try session.query(sql, allResultIDs + [.integer(start)] + also, operation: "samples") {
            let values = PostgresValues(row)
            if let test = try values.int(0), let value = try values.double(1) {
                samples[test, default: []].append(value)
            }
        }
        return samples
    }

    public func trends(lastRuns: Int, grouping: TrendGrouping, phase: TimingPhase) throws -> [TrendSeries] {
        try withSession { session throws(HistoryError) in
            let names = try Self.identities(in: session)
            let start = try Self.windowStart(lastRuns: lastRuns, in: session)
            let runs = try session.query(HistorySQL.trendRuns, [.integer(start)], operation: "trends").map {
                row throws(HistoryError) in
                let values = PostgresValues(row)
                return TrendTable.Run(
                    seq: try values.required(values.int("seq"), "seq"),
                    id: try values.string("id") ?? "",
                    startedAt: try values.required(values.date("started_at"), "started_at")
                )
            }
            var table = TrendTable(runs: runs, names: names, grouping: grouping)
            for row in try session.query(
                HistorySQL.trendResults(phase),
                Self.allResultIDs + [.integer(start)],
                operation: "trends"
            ) {
                let values = PostgresValues(row)
                guard let run = try values.int(0), let test = try values.int(1) else { continue }
                table.add(run: run, test: test, passed: try values.bool(2) ?? false, value: try values.double(3))
            }
            return table.series()
        }
    }

    public func compare(_ base: String, _ head: String, thresholdPercent: Double) throws -> RunComparison {
        try HistoryAnswers.checkThreshold(thresholdPercent)
        return try withSession { session throws(HistoryError) in
            let runA = try Self.resolveRun(base, in: session)
            let runB = try Self.resolveRun(head, in: session)
            return HistoryAnswers.comparison(
                runA,
                runB,
                before: try Self.outcomes(run: runA.sequence, in: session),
                after: try Self.outcomes(run: runB.sequence, in: session),
                names: try Self.identities(in: session),
                thresholdPercent: thresholdPercent
            )
        }
    }

    private static func outcomes(
        run: Int64,
        in session: PostgresSession
    ) throws(HistoryError) -> [Int64: HistoryAnswers.Outcome] {
        var map: [Int64: HistoryAnswers.Outcome] = [:]
        for row in try session.query(
            HistorySQL.outcomes,
            allResultIDs + [.integer(run)],
            operation: "compare"
        ) {
            let values = PostgresValues(row)
            guard let test = try values.int(0) else { continue }
            map[test] = HistoryAnswers.Outcome(
                status: TestStatus(rawValue: try values.string(1) ?? "") ?? .error,
                durationMs: try values.double(2) ?? 0,
                messages: HistoryAnswers.messages(try values.string(3))
            )
        }
        return map
    }

    public func prune(keep: Int) throws -> PruneOutcome {
        guard keep >= 0 else { throw HistoryError.invalidArgument("prune --keep must be 0 or more, got \(keep)") }
        return try withSession { session throws(HistoryError) in
            try session.transaction(operation: "prune") { () throws(HistoryError) in
                let before =
                    keep == 0
                    ? Int64.max
                    : try session.query(
                        "SELECT seq FROM runs ORDER BY seq DESC LIMIT 1 OFFSET ?",
                        [.integer(Int64(keep - 1))],
                        operation: "prune"
                    ).first.flatMap { row throws(HistoryError) in try PostgresValues(row).int(0) } ?? .min
                // Results, their assertions and TLS rows go with their runs (ON DELETE CASCADE).
                let deleted = try session.query(
                    "DELETE FROM runs WHERE seq < ? RETURNING seq",
                    [.integer(before)],
                    operation: "prune"
                ).count
                try session.query(
                    "DELETE FROM tests t WHERE NOT EXISTS (SELECT 1 FROM results r WHERE r.test_id = t.id)",
                    operation: "prune"
                )
                try session.query(
                    "DELETE FROM suites s WHERE NOT EXISTS (SELECT 1 FROM tests t WHERE t.suite_id = s.id)",
                    operation: "prune"
                )
                let kept = try session.query("SELECT COUNT(*) FROM runs", operation: "prune").first.flatMap {
                    row throws(HistoryError) in try PostgresValues(row).int(0)
                }
                return PruneOutcome(deleted: deleted, kept: Int(kept ?? 0))
            }
        }
    }
}
