import AFRunner
import Foundation
import GRDB

extension HistoryStore {
    /// Every test's identity by row id.
    static func identities(in db: Database) throws -> [Int64: TestIdentity] {
        var map: [Int64: TestIdentity] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: HistorySQL.identities
        )
        while let row = try rows.next() {
            map[row["id"]] = TestIdentity(suiteFile: row["file"], suiteName: row["suite_name"], testName: row["name"])
        }
        return map
    }

    /// The smallest run sequence among the latest `lastRuns` runs (results at or after it are in the window).
    /// Queries read the window's results as `id BETWEEN ? AND ? AND run_seq >= ?`, with the ids from
    /// `resultIDs(ofRunsFrom:in:)`: a range of the rowid, since `results` has no index (schema v5).
    static func windowStart(lastRuns: Int, in db: Database) throws -> Int64 {
        guard lastRuns > 0 else { return Int64.max }
        return try Int64.fetchOne(
            db,
            sql: HistorySQL.windowStart,
            arguments: [lastRuns - 1]
        )
            ?? Int64.min
    }

    /// Each test's outcome the last time it ran (skips do not count: a test skipped by a filter keeps the
    /// outcome it had before; a skip because the run was interrupted counts as `error`, see
    /// `HistorySQL.lastStatuses`). Feeds `--rerun-failed` and `--failed-first`.
    public func lastRunStatuses() throws -> [TestIdentity: TestStatus] {
        try read("last statuses") { db in
            let names = try Self.identities(in: db)
            let rows = try Row.fetchAll(db, sql: HistorySQL.lastStatuses(.sqlite))
            var map: [TestIdentity: TestStatus] = [:]
            for row in rows {
                guard let identity = names[row["test_id"]], let status = TestStatus(rawValue: row["status"]) else {
                    continue
                }
                map[identity] = status
            }
            return map
        }
    }

    /// Each test's latest outcome in the runs of the run group `group`; nil when it has no run here. See
    /// `HistoryStoring.lastRunStatuses(inRunGroup:)`.
    public func lastRunStatuses(inRunGroup group: String) throws -> [TestIdentity: TestStatus]? {
        try read("last statuses") { db in
            guard let first = try Int64.fetchOne(db, sql: HistorySQL.firstRunOfGroup, arguments: [group]) else {
                return nil
            }
            let names = try Self.identities(in: db)
            let ids = try Self.resultIDs(ofRunsFrom: first, in: db)
            let rows = try Row.fetchCursor(
                db,
                sql: HistorySQL.lastStatusesInGroup(.sqlite),
                arguments: [ids.lower, ids.upper, group]
            )
            var map: [TestIdentity: TestStatus] = [:]
            while let row = try rows.next() {
                guard let identity = names[row[0]], let status = TestStatus(rawValue: row[1]) else { continue }
                map[identity] = status
            }
            return map
        }
    }

    /// Each test's median duration (ms) over the latest `lastRuns` runs, skips excluded. Feeds `--shard`.
    /// - Parameter group: a run group whose runs neither count in the window nor give durations (the current
    ///   pipeline's: see `HistoryStoring.medianDurations(lastRuns:excludingRunGroup:)`); nil counts every run.
    public func medianDurations(lastRuns: Int, excludingRunGroup group: String?) throws -> [TestIdentity: Double] {
        try read("median durations") { db in
            let names = try Self.identities(in: db)
            let start: Int64
            if let group {
                start =
                    lastRuns > 0
                    ? try Int64.fetchOne(
                        db,
                        sql: HistorySQL.windowStartOutsideGroup,
                        arguments: [group, lastRuns - 1]
                    ) ?? Int64.min
                    : Int64.max
            } else {
                start = try Self.windowStart(lastRuns: lastRuns, in: db)
            }
            let ids = try Self.resultIDs(ofRunsFrom: start, in: db)
            var samples: [Int64: [Double]] = [:]
            let rows =
                try group.map {
                    try Row.fetchCursor(
                        db,
                        sql: HistorySQL.durationsOutsideGroup,
                        arguments: [ids.lower, ids.upper, start, $0]
                    )
                }
                ?? Row.fetchCursor(db, sql: HistorySQL.durations, arguments: [ids.lower, ids.upper, start])
            while let row = try rows.next() { samples[row[0], default: []].append(row[1]) }
            return HistoryAnswers.medians(samples, names: names)
        }
    }

    /// Tests whose outcome changed within the latest `lastRuns` runs, or that passed only after a retry,
    /// most flaky first (score, then flips, then identity).
    /// - Parameters:
    ///   - lastRuns: the window.
    ///   - includeStable: also list tests with score 0.
    public func flakyTests(lastRuns: Int = 20, includeStable: Bool = false) throws -> [FlakyTest] {
        try read("flaky") { db in
            let names = try Self.identities(in: db)
            let (start, ids) = try Self.resultWindow(lastRuns: lastRuns, in: db)
            let tallies = try Self.flakyTallies(ids: ids, from: start, in: db)
            return HistoryAnswers.flaky(tallies, names: names, includeStable: includeStable)
        }
    }

    /// Each test's tally over the runs from `start` on, its results taken in run order.
    ///
    /// Read in id order, a range of the rowid with no sort (sorting a million rows by run took as long as
    /// reading them): a test's results come in run order unless runs recorded at the same time interleaved
    /// their ids. The tests where a result came after one of a later run are tallied again from their rows
    /// alone, sorted by run, in one more query.
    static func flakyTallies(ids: ResultIDRange, from start: Int64, in db: Database) throws -> [Int64: FlakyTally] {
        var tallies: [Int64: FlakyTally] = [:]
        func tally(_ sql: String) throws {
            let rows = try Row.fetchCursor(db, sql: sql, arguments: [ids.lower, ids.upper, start])
            while let row = try rows.next() {
                let passed = (row[1] as String) == TestStatus.passed.rawValue
                tallies[row[0], default: FlakyTally()].add(
                    passed: passed,
                    attempts: row[2],
                    status: row[1],
                    run: row[3]
                )
            }
        }
        try tally(HistorySQL.flakyResults(inRunOrder: false))
        let unordered = tallies.filter(\.value.outOfOrder).keys
        guard !unordered.isEmpty else { return tallies }
        for id in unordered { tallies[id] = FlakyTally() }
        try tally(HistorySQL.flakyResults(inRunOrder: true, tests: Array(unordered)))
        return tallies
    }

    /// Tests ranked by the 95th percentile of a phase over the latest `lastRuns` runs, slowest first.
    /// - Parameters:
    ///   - phase: which timing phase.
    ///   - lastRuns: the window.
    ///   - limit: how many tests.
    public func slowest(phase: TimingPhase = .total, lastRuns: Int = 20, limit: Int = 20) throws -> [PhaseStats] {
        try read("slowest") { db in
            let names = try Self.identities(in: db)
            let (start, ids) = try Self.resultWindow(lastRuns: lastRuns, in: db)
            var samples: [Int64: [Double]] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: HistorySQL.phaseValues(phase),
                arguments: [ids.lower, ids.upper, start]
            )
            while let row = try rows.next() { samples[row[0], default: []].append(row[1]) }
            return HistoryAnswers.slowest(samples, names: names, phase: phase, limit: limit)
        }
    }
}

/// Counts one test's outcome changes in run order.
struct FlakyTally {
    var runs = 0
    var flips = 0
    var retriedPasses = 0
    var failures = 0
    var lastPassed: Bool?
    var lastStatus = TestStatus.passed
    /// The run of the latest result added.
    var lastRun = Int64.min
    /// Whether a result came after one of a later run (the tally is then not in run order).
    var outOfOrder = false

    mutating func add(passed: Bool, attempts: Int, status: String, run: Int64) {
        if run < lastRun { outOfOrder = true }
        lastRun = run
        runs += 1
        if let lastPassed, lastPassed != passed { flips += 1 }
        if passed && attempts > 1 { retriedPasses += 1 }
        if !passed { failures += 1 }
        lastPassed = passed
        lastStatus = TestStatus(rawValue: status) ?? .error
    }

    func result(_ identity: TestIdentity) -> FlakyTest {
        // One change and no retried pass is a test that broke, or was fixed, and stayed so (`compare` and
        // `test` answer that): flaky means the outcome went back, or a pass needed a retry.
        let changes = flips == 1 && retriedPasses == 0 ? 0 : flips
        let score = min(1, Double(changes + retriedPasses) / Double(max(1, runs - 1)))
        return FlakyTest(
            identity: identity,
            runs: runs,
            flips: flips,
            retriedPasses: retriedPasses,
            failures: failures,
            score: score,
            lastStatus: lastStatus
        )
    }
}
