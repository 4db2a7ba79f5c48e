import Foundation

/// One shard of a split of the tests across `count` machines: `--shard K/N`.
///
/// The split is deterministic: every machine computes the same assignment from the same test list and
/// history, so the shards cover every test exactly once without talking to each other.
public struct ShardSpec: Sendable, Hashable, CustomStringConvertible {
    /// The shard this machine runs, 1-based.
    public var index: Int
    /// How many shards there are.
    public var count: Int

    /// Creates a shard.
    /// - Throws: `SelectionError.invalidShard` unless `1 ≤ index ≤ count`.
    public init(index: Int, count: Int) throws {
        guard count >= 1, index >= 1, index <= count else { throw SelectionError.invalidShard("\(index)/\(count)") }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    /// - Throws: `SelectionError.invalidShard` when the text is not `K/N` with `1 ≤ K ≤ N`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let index = Int(parts[0].trimmingCharacters(in: .whitespaces)),
            let count = Int(parts[1].trimmingCharacters(in: .whitespaces))
        else { throw SelectionError.invalidShard(text) }
        do { try self.init(index: index, count: count) } catch { throw SelectionError.invalidShard(text) }
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The tests this shard runs, each test a unit of the split of its own.
    /// - Parameters:
    ///   - tests: every test of the plan, in any order.
    ///   - durations: expected duration per test (for example the median over recent runs).
    /// - Returns: the identities assigned to this shard.
    public func select(_ tests: [TestIdentity], durations: [TestIdentity: Double]) -> Set<TestIdentity> {
        select(units: tests.map { [$0] }, durations: durations)
    }

    /// The tests this shard runs, where the tests of one unit always go to the same shard.
    ///
    /// A sequential suite is one unit: its tests pass captures, cookies and server state down in file
    /// order, so a test sent to another shard than the one before it would run without them (Playwright
    /// shards by file for the same reason unless a file is fully parallel). A test of a parallel suite is a
    /// unit of its own.
    ///
    /// Greedy longest-processing-time: units sorted by expected duration (longest first, ties by their
    /// first identity) go one by one onto the shard with the least total so far (ties to the lowest shard).
    /// A unit weighs the sum of its tests; a test that history does not know gets the median of the known
    /// durations; with no history at all every test weighs the same.
    /// - Parameters:
    ///   - units: the plan's tests grouped into units, in any order.
    ///   - durations: expected duration per test (for example the median over recent runs).
    /// - Returns: the identities assigned to this shard.
    public func select(units: [[TestIdentity]], durations: [TestIdentity: Double]) -> Set<TestIdentity> {
        let groups = Set(units.map { Set($0) }.filter { !$0.isEmpty })
        let known = Set(groups.joined()).compactMap { durations[$0] }.filter { $0.isFinite && $0 >= 0 }.sorted()
        let fallback = known.isEmpty ? 1.0 : Percentiles.median(known)
        func weight(_ test: TestIdentity) -> Double {
            durations[test].flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? fallback
        }
        let weighted = groups.map { group -> (first: TestIdentity, tests: Set<TestIdentity>, weight: Double) in
            let first = group.min(by: TestIdentity.sortsBefore)!
            return (first, group, group.reduce(0) { $0 + weight($1) })
        }
        .sorted { lhs, rhs in
            lhs.weight != rhs.weight ? lhs.weight > rhs.weight : TestIdentity.sortsBefore(lhs.first, rhs.first)
        }
        var loads = [Double](repeating: 0, count: count)
        var chosen = Set<TestIdentity>()
        for unit in weighted {
            var lightest = 0
            for shard in 1..<count where loads[shard] < loads[lightest] { lightest = shard }
            loads[lightest] += unit.weight
            if lightest == index - 1 { chosen.formUnion(unit.tests) }
        }
        return chosen
    }
}

extension TestIdentity {
    /// A total order on identities (suite file, suite name, test name) so that splits are deterministic.
    public static func sortsBefore(_ lhs: TestIdentity, _ rhs: TestIdentity) -> Bool {
        (lhs.suiteFile, lhs.suiteName, lhs.testName) < (rhs.suiteFile, rhs.suiteName, rhs.testName)
    }
}
