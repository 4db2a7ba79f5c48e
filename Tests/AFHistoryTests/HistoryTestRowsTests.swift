import AFHistory
import AFRunner
import Foundation
import Testing

/// The writer remembers the ids of a suite's tests between transactions; a test row another process added
/// meanwhile is found, not added twice.
@Suite("History: test rows")
struct HistoryTestRowsTests {
    @Test(
        "a test row another process added while the writer remembered its suite: its id is taken, the others get new rows"
    )
    func rowAddedElsewhereIsTaken() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        defer { try? store.close() }
        let run = HistoryFixtures.run()
        func results(_ lines: [Int]) -> [TestResult] {
            lines.map { HistoryFixtures.result(HistoryFixtures.identity("a\($0)", suite: "S"), .passed, line: $0) }
        }
        try await store.runDidStart(run)
        try await store.record(contentsOf: results([0]), in: run)
        try await store.flush()
        // A row another writer added, which the store's remembered ids do not have.
        _ = try await SQLite.query(
            path,
            "INSERT INTO tests (suite_id, name) SELECT suite_id, 'a5' FROM tests WHERE name = 'a0'"
        )
        let known = try await SQLite.query(path, "SELECT id FROM tests WHERE name = 'a5'")
        try await store.record(contentsOf: results([5, 6, 7]), in: run)
        try await store.runDidFinish(run, summary: RunSummary(passed: 4), status: .complete)
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM tests") == ["4"])
        #expect(
            try await SQLite.query(
                path,
                "SELECT r.line || ':' || t.name FROM results r JOIN tests t ON t.id = r.test_id ORDER BY r.id"
            )
                == ["0:a0", "5:a5", "6:a6", "7:a7"]
        )
        #expect(
            try await SQLite.query(path, "SELECT t.id FROM results r JOIN tests t ON t.id = r.test_id WHERE r.line = 5")
                == known
        )
    }
}
