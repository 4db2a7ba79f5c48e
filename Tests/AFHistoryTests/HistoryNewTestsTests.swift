import AFHistory
import AFRunner
import Foundation
import Testing

/// Tests the history does not know yet (a first run into a new file, a suite that gained tests) are added as
/// their results arrive, several per statement once one was missing: each result must still name its own test.
@Suite("History: tests added as their results arrive")
struct HistoryNewTestsTests {
    /// Results of `names` in `suite`, line `n` for the `n`-th name given.
    static func results(_ names: [String], suite: String, lines: Range<Int>? = nil) -> [TestResult] {
        zip(names, lines ?? 0..<names.count).map { name, line in
            HistoryFixtures.result(HistoryFixtures.identity(name, suite: suite), .passed, line: line)
        }
    }

    /// Each result's test, as `line:suite/name`, in result order.
    static func storedTests(_ path: String) async throws -> [String] {
        try await SQLite.query(
            path,
            """
            SELECT r.line || ':' || s.name || '/' || t.name FROM results r JOIN tests t ON t.id = r.test_id
            JOIN suites s ON s.id = t.suite_id ORDER BY r.id
            """
        )
    }

    @Test("a first run into a new file: every test added once, every result names its own test")
    func firstRun() async throws {
        try await HistoryWriterTests.withStartedRun { store, run, path in
            let names = (0..<150).map { "new \($0)" }
            // Uneven hand-overs: the first new test is added alone, the next ones a batch at a time.
            var start = 0
            for size in [1, 3, 40, 7, 99] {
                try await store.record(
                    contentsOf: Self.results(
                        Array(names[start..<start + size]),
                        suite: "Fresh",
                        lines: start..<start + size
                    ),
                    in: run
                )
                start += size
            }
            try await store.runDidFinish(run, summary: RunSummary(passed: names.count), status: .complete)
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM tests") == ["150"])
            #expect(try await Self.storedTests(path) == names.enumerated().map { "\($0.offset):Fresh/\($0.element)" })
        }
    }

    @Test("a suite that gained tests, and two suites in one hand-over: known tests keep their ids, new ones get theirs")
    func gainedTests() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        defer { try? store.close() }
        let first = HistoryFixtures.run("first")
        let second = HistoryFixtures.run("second")
        let old = (0..<20).map { "t\($0)" }
        try await store.runDidStart(first)
        try await store.record(contentsOf: Self.results(old, suite: "A"), in: first)
        try await store.runDidFinish(first, summary: RunSummary(passed: 20), status: .complete)
        let oldIDs = try await SQLite.query(path, "SELECT name || '=' || id FROM tests ORDER BY id")

        // The second run: the old tests with new ones between them, and suite B's (all new) interleaved.
        let grown = (0..<40).map { "t\($0 % 2 == 0 ? $0 / 2 : 100 + $0)" }
        let mixed = zip(Self.results(grown, suite: "A"), Self.results(grown, suite: "B", lines: 100..<140)).flatMap {
            [$0, $1]
        }
        try await store.runDidStart(second)
        for start in stride(from: 0, to: mixed.count, by: 25) {
            try await store.record(contentsOf: Array(mixed[start..<min(start + 25, mixed.count)]), in: second)
        }
        try await store.runDidFinish(second, summary: RunSummary(passed: mixed.count), status: .complete)

        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM tests") == ["\(20 + 20 + 40)"])
        #expect(
            try await SQLite.query(path, "SELECT name || '=' || id FROM tests ORDER BY id LIMIT 20") == oldIDs,
            "the first run's tests keep their ids"
        )
        let expected =
            old.enumerated().map { "\($0.offset):A/\($0.element)" }
            + zip(grown, 0..<40).flatMap { name, line in ["\(line):A/\(name)", "\(line + 100):B/\(name)"] }
        #expect(try await Self.storedTests(path) == expected)
    }
}
