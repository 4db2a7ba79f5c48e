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

    /// The tests this shard runs.
    ///
    /// Greedy longest-processing-time: tests sorted by expected duration (longest first, ties by identity)
    /// go one by one onto the shard with the least total so far (ties to the lowest shard). A test that
    /// history does not know gets the median of the known durations; with no history at all every test
    /// weighs the same and the split is a round-robin over the sorted identities.
    /// - Parameters:
    ///   - tests: every test of the plan, in any order.
    ///   - durations: expected duration per test (for example the median over recent runs).
    /// - Returns: the identities assigned to this shard.
    public func select(_ tests: [TestIdentity], durations: [TestIdentity: Double]) -> Set<TestIdentity> {
        let unique = Array(Set(tests))
        let known = unique.compactMap { durations[$0] }.filter { $0.isFinite && $0 >= 0 }.sorted()
        let fallback = known.isEmpty ? 1.0 : Percentiles.median(known)
        let weighted = unique.map { test -> (TestIdentity, Double) in
            let value = durations[test].flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? fallback
            return (test, value)
        }
        .sorted { lhs, rhs in
            lhs.1 != rhs.1 ? lhs.1 > rhs.1 : TestIdentity.sortsBefore(lhs.0, rhs.0)
        }
        var loads = [Double](repeating: 0, count: count)
        var chosen = Set<TestIdentity>()
        for (test, weight) in weighted {
            var lightest = 0
            for shard in 1..<count where loads[shard] < loads[lightest] { lightest = shard }
            loads[lightest] += weight
            if lightest == index - 1 { chosen.insert(test) }
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
