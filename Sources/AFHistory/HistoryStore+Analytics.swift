import AFRunner
import Foundation
import GRDB

extension HistoryStore {
    /// Every test's identity by row id.
    static func identities(in db: Database) throws -> [Int64: TestIdentity] {
        var map: [Int64: TestIdentity] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT t.id, t.name, s.file, s.name AS suite_name FROM tests t JOIN suites s ON s.id = t.suite_id"
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
            sql: "SELECT seq FROM runs ORDER BY seq DESC LIMIT 1 OFFSET ?",
            arguments: [lastRuns - 1]
        )
            ?? Int64.min
    }

    /// Each test's outcome the last time it ran (skips do not count: a test skipped by a filter keeps the
    /// outcome it had before). Feeds `--rerun-failed` and `--failed-first`.
    public func lastRunStatuses() throws -> [TestIdentity: TestStatus] {
        try read("last statuses") { db in
            let names = try Self.identities(in: db)
            // SQLite returns the bare column from the row holding MAX().
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT test_id, status, MAX(run_seq) FROM results WHERE status != 'skipped' GROUP BY test_id"
            )
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

    /// Each test's median duration (ms) over the latest `lastRuns` runs, skips excluded. Feeds `--shard`.
    public func medianDurations(lastRuns: Int) throws -> [TestIdentity: Double] {
        try read("median durations") { db in
            let names = try Self.identities(in: db)
            let (start, ids) = try Self.resultWindow(lastRuns: lastRuns, in: db)
            var samples: [Int64: [Double]] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql:
                    "SELECT test_id, duration_ms FROM results WHERE id BETWEEN ? AND ? AND run_seq >= ? AND status != 'skipped'",
                arguments: [ids.lower, ids.upper, start]
            )
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
        let select =
            "SELECT test_id, status, attempts, run_seq FROM results WHERE id BETWEEN ? AND ? AND run_seq >= ? AND status != 'skipped'"
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
        try tally(select)
        let unordered = tallies.filter(\.value.outOfOrder).keys
        guard !unordered.isEmpty else { return tallies }
        for id in unordered { tallies[id] = FlakyTally() }
        try tally(
            select + " AND test_id IN (\(unordered.map(String.init).joined(separator: ","))) ORDER BY run_seq, id"
        )
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
                // The timing columns are set together, for the results that had a transfer.
                sql:
                    "SELECT test_id, \(phase.column) FROM results WHERE id BETWEEN ? AND ? AND run_seq >= ? AND \(phase.column) IS NOT NULL",
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
        let score = min(1, Double(flips + retriedPasses) / Double(max(1, runs - 1)))
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
