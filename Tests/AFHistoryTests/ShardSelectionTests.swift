import AFHistory
import AFRunner
import Testing

@Suite("Shards, rerun-failed and failed-first")
struct ShardSelectionTests {
    static let tests = (0..<40).map {
        TestIdentity(suiteFile: "s\($0 % 3).json", suiteName: "S\($0 % 3)", testName: "t\($0)")
    }

    @Test(
        "K/N parsing",
        arguments: [
            ("1/1", true), ("2/4", true), ("4/4", true), ("0/4", false), ("5/4", false), ("a/b", false), ("2", false),
            ("1/0", false),
        ]
    )
    func parsing(text: String, valid: Bool) {
        #expect(((try? ShardSpec(parsing: text)) != nil) == valid)
    }

    @Test("the shards cover every test exactly once, whatever the input order")
    func partition() throws {
        let durations = Dictionary(uniqueKeysWithValues: Self.tests.enumerated().map { ($1, Double($0 % 7 + 1) * 10) })
        let shards = try (1...4).map { try ShardSpec(index: $0, count: 4).select(Self.tests, durations: durations) }
        #expect(shards.map(\.count).reduce(0, +) == Self.tests.count)
        #expect(Set(shards.flatMap { $0 }) == Set(Self.tests))
        let shuffled = try (1...4).map {
            try ShardSpec(index: $0, count: 4).select(Self.tests.shuffled(), durations: durations)
        }
        #expect(shuffled == shards, "the split must not depend on input order")
    }

    @Test("greedy longest-first balances known durations")
    func balance() throws {
        var durations: [TestIdentity: Double] = [:]
        for (index, test) in Self.tests.enumerated() { durations[test] = index < 4 ? 1000 : 10 }
        let loads = try (1...4).map { shard in
            try ShardSpec(index: shard, count: 4).select(Self.tests, durations: durations).map { durations[$0]! }
                .reduce(0, +)
        }
        #expect(loads.max()! - loads.min()! <= 10, "loads \(loads)")
    }

    @Test("a test history does not know weighs the median")
    func unknownGetsMedian() throws {
        let known = Array(Self.tests.prefix(3))
        let unknown = Self.tests[3]
        let durations: [TestIdentity: Double] = [known[0]: 10, known[1]: 30, known[2]: 1000]
        // Weights: 1000, 30, 30 (median for the unknown), 10 → shard 1 takes 1000, shard 2 the rest.
        let first = try ShardSpec(parsing: "1/2").select(known + [unknown], durations: durations)
        #expect(first == [known[2]])
    }

    @Test("without history the split is a round-robin over sorted identities")
    func noHistory() throws {
        let sizes = try (1...3).map { try ShardSpec(index: $0, count: 3).select(Self.tests, durations: [:]).count }
        #expect(sizes.sorted() == [13, 13, 14])
    }

    @Test("rerun-failed keeps last failures and errors in plan order; failed-first moves them ahead")
    func rerunAndFailedFirst() {
        let plan = Array(Self.tests.prefix(5))
        let statuses: [TestIdentity: TestStatus] = [
            plan[1]: .failed, plan[3]: .error, plan[4]: .passed, plan[0]: .skipped,
        ]
        #expect(TestSelection.rerunFailed(plan, lastStatuses: statuses) == [plan[1], plan[3]])
        #expect(
            TestSelection.failedFirst(plan, lastStatuses: statuses) == [plan[1], plan[3], plan[0], plan[2], plan[4]]
        )
        #expect(TestSelection.rerunFailed(plan, lastStatuses: [:]).isEmpty)
    }

    @Test("median durations from the history drive the shard split")
    func shardFromHistory() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let durations = try known.store.medianDurations(lastRuns: 5)
        let plan = [KnownHistory.a, KnownHistory.b, KnownHistory.c]
        #expect(try ShardSpec(parsing: "1/2").select(plan, durations: durations) == [KnownHistory.c])
        #expect(try ShardSpec(parsing: "2/2").select(plan, durations: durations) == [KnownHistory.a, KnownHistory.b])
    }
}
