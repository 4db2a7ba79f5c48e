import AFRunner
import Foundation

/// The answers of the history's queries put together from the rows they read: one implementation for every
/// backend (`HistoryStore`, `PostgresHistory`), so that SQLite and PostgreSQL rank, round and sort alike.
enum HistoryAnswers {
    /// The flaky list from each test's tally: score > 0 unless `includeStable`, most flaky first (score, then
    /// flips, then identity).
    static func flaky(
        _ tallies: [Int64: FlakyTally],
        names: [Int64: TestIdentity],
        includeStable: Bool
    ) -> [FlakyTest] {
        tallies.compactMap { id, tally -> FlakyTest? in
            guard let identity = names[id] else { return nil }
            let flaky = tally.result(identity)
            return includeStable || flaky.score > 0 ? flaky : nil
        }
        .sorted { lhs, rhs in
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            if lhs.flips != rhs.flips { return lhs.flips > rhs.flips }
            return TestIdentity.sortsBefore(lhs.identity, rhs.identity)
        }
    }

    /// Tests ranked by the 95th percentile of their samples, slowest first, the first `limit`.
    static func slowest(
        _ samples: [Int64: [Double]],
        names: [Int64: TestIdentity],
        phase: TimingPhase,
        limit: Int
    ) -> [PhaseStats] {
        samples.compactMap { id, values -> PhaseStats? in
            guard let identity = names[id] else { return nil }
            let sorted = values.sorted()
            return PhaseStats(
                identity: identity,
                phase: phase,
                samples: sorted.count,
                p50Ms: Percentiles.median(sorted),
                p95Ms: Percentiles.nearestRank(sorted, 0.95),
                maxMs: sorted.last ?? 0
            )
        }
        .sorted { lhs, rhs in
            lhs.p95Ms != rhs.p95Ms ? lhs.p95Ms > rhs.p95Ms : TestIdentity.sortsBefore(lhs.identity, rhs.identity)
        }
        .prefix(max(0, limit)).map { $0 }
    }

    /// Each test's median over its samples.
    static func medians(_ samples: [Int64: [Double]], names: [Int64: TestIdentity]) -> [TestIdentity: Double] {
        var map: [TestIdentity: Double] = [:]
        for (id, values) in samples {
            if let identity = names[id] { map[identity] = Percentiles.median(values.sorted()) }
        }
        return map
    }

    /// One test's outcome in one run, as `compare` reads it.
    struct Outcome {
        var status: TestStatus
        var durationMs: Double
        var messages: [String]
    }

    /// Run A against run B, test by test. Each test is listed once, under its most telling change: newly
    /// failing, newly passing (both with their time change), a time change beyond the threshold, or a move to
    /// another suite file. A test only one run has is matched across a moved (or renamed) suite file by its
    /// suite and test names when exactly one test of A and one of B carry them; else it is added or removed.
    static func comparison<Key: Hashable>(
        _ runA: RunRecord,
        _ runB: RunRecord,
        before: [Key: Outcome],
        after: [Key: Outcome],
        names: [Key: TestIdentity],
        thresholdPercent: Double
    ) -> RunComparison {
        var comparison = RunComparison(
            base: runA,
            head: runB,
            newlyFailing: [],
            newlyPassing: [],
            timeChanged: [],
            added: [],
            removed: [],
            thresholdPercent: thresholdPercent
        )
        let onlyA = before.keys.filter { after[$0] == nil }.compactMap { id in names[id].map { (id, $0) } }
        let onlyB = after.keys.filter { before[$0] == nil }.compactMap { id in names[id].map { (id, $0) } }
        let moves = movedTests(onlyA: onlyA, onlyB: onlyB)
        var pairs = after.keys.filter { before[$0] != nil }.map { (a: $0, b: $0) }
        pairs += moves.map { (a: $0.value, b: $0.key) }
        for (idA, idB) in pairs {
            guard let identity = names[idB], let a = before[idA], let b = after[idB] else { continue }
            let change = a.durationMs > 0 ? (b.durationMs - a.durationMs) / a.durationMs * 100 : nil
            let fileA = names[idA]?.suiteFile
            let test = ComparedTest(
                identity: identity,
                baseStatus: a.status,
                headStatus: b.status,
                baseMs: a.durationMs,
                headMs: b.durationMs,
                changePercent: change,
                headMessages: b.messages,
                movedFrom: fileA == identity.suiteFile ? nil : fileA
            )
            let failingA = TestSelection.isFailing(a.status)
            let failingB = TestSelection.isFailing(b.status)
            if a.status == .passed && failingB {
                comparison.newlyFailing.append(test)
            } else if failingA && b.status == .passed {
                comparison.newlyPassing.append(test)
            } else if a.status != .skipped, b.status != .skipped, let change, abs(change) > thresholdPercent {
                comparison.timeChanged.append(test)
            } else if test.movedFrom != nil {
                comparison.moved.append(test)
            }
        }
        let matchedA = Set(moves.values)
        comparison.added = onlyB.filter { moves[$0.0] == nil }.map(\.1)
        comparison.removed = onlyA.filter { !matchedA.contains($0.0) }.map(\.1)
        let byIdentity = { (l: ComparedTest, r: ComparedTest) in TestIdentity.sortsBefore(l.identity, r.identity) }
        comparison.newlyFailing.sort(by: byIdentity)
        comparison.newlyPassing.sort(by: byIdentity)
        comparison.moved.sort(by: byIdentity)
        comparison.timeChanged.sort { l, r in
            abs(l.changePercent ?? 0) != abs(r.changePercent ?? 0)
                ? abs(l.changePercent ?? 0) > abs(r.changePercent ?? 0) : byIdentity(l, r)
        }
        comparison.added.sort(by: TestIdentity.sortsBefore)
        comparison.removed.sort(by: TestIdentity.sortsBefore)
        return comparison
    }

    /// Tests of B only matched to tests of A only that have the same suite and test names in another file
    /// (B's test id to A's): a suite file moved or renamed between the runs. A name that more than one test
    /// of either side carries is ambiguous and stays unmatched.
    static func movedTests<Key: Hashable>(onlyA: [(Key, TestIdentity)], onlyB: [(Key, TestIdentity)]) -> [Key: Key] {
        let key = { (identity: TestIdentity) in [identity.suiteName, identity.testName] }
        let inA = Dictionary(grouping: onlyA) { key($0.1) }
        let inB = Dictionary(grouping: onlyB) { key($0.1) }
        var moves: [Key: Key] = [:]
        for (name, tests) in inB {
            guard tests.count == 1, let candidates = inA[name], candidates.count == 1 else { continue }
            moves[tests[0].0] = candidates[0].0
        }
        return moves
    }

    /// Up to three stored `suite/test` names a user probably meant by `name`: the same but for letter case
    /// (whole, or its test name), then those holding it.
    static func similarTests(to name: String, among names: [String]) -> [String] {
        let wanted = name.lowercased()
        let sorted = names.sorted()
        let same = sorted.filter { $0.lowercased() == wanted || $0.lowercased().hasSuffix("/" + wanted) }
        let holding = wanted.isEmpty ? [] : sorted.filter { $0.lowercased().contains(wanted) }
        var seen = Set<String>()
        return Array((same + holding).filter { seen.insert($0).inserted }.prefix(3))
    }

    /// Stored failure messages (a JSON array of strings) as a list.
    static func messages(_ text: String?) -> [String] {
        text.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
    }

    /// A `compare --threshold` that is not a percentage.
    static func checkThreshold(_ thresholdPercent: Double) throws(HistoryError) {
        guard thresholdPercent >= 0, thresholdPercent.isFinite else {
            throw HistoryError.invalidArgument("compare --threshold must be a percentage ≥ 0, got \(thresholdPercent)")
        }
    }
}
