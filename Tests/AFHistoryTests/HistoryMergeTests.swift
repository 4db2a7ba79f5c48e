import AFHistory
import AFRunner
import Foundation
import Testing

@Suite("Merging shard histories")
struct HistoryMergeTests {
    @Test("merge copies missing runs with their results, once")
    func merge() async throws {
        let known = try await KnownHistory.make()
        defer { known.tearDown() }
        let shardPath = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(shardPath) }
        let shard = try await HistoryStore.open(path: shardPath)
        var result = HistoryFixtures.result(HistoryFixtures.identity("d", suite: "Shard"), .failed, ms: 40)
        result.tags = ["smoke", "slow"]
        result.tls = TLSSummary(
            protocolVersion: "TLSv1.3",
            cipher: "X",
            chainPins: ["sha256//Q"],
            leafSubject: "CN=a",
            leafNotAfter: nil,
            trusted: true,
            rejectionReason: nil
        )
        let run = try await HistoryFixtures.record(
            shard,
            [result, HistoryFixtures.result(KnownHistory.a, .passed)],
            id: "eeee6666-0000"
        )
        try await shard.close()

        #expect(try known.store.merge(from: shardPath) == 1)
        #expect(try known.store.merge(from: shardPath) == 0, "a second merge copies nothing")
        #expect(try known.store.run("latest").id == run.id)
        let shown = try known.store.results(ofRun: "eeee")
        #expect(shown.results.map(\.identity.testName) == ["d", "a"])
        #expect(shown.results[0].totalMs == 40)
        #expect(
            try known.store.testHistory("Users/a", last: 1).first?.runID == run.id,
            "same test maps to the same identity"
        )
        #expect(try await SQLite.query(known.path, "SELECT COUNT(*) FROM tls") == ["1"])
        #expect(
            try await SQLite.query(known.path, "SELECT tags FROM tests WHERE name = 'd'") == [#"["smoke","slow"]"#],
            "the test's tags come with it"
        )
        // The shard kept the failed result's assertion row, and only the count of the passing one's.
        #expect(
            try await SQLite.query(
                known.path,
                "SELECT COUNT(*) FROM assertions WHERE result_id IN (SELECT id FROM results WHERE run_seq = 6)"
            ) == ["1"]
        )
        #expect(
            try await SQLite.query(
                known.path,
                "SELECT assertion_count, response_headers IS NULL FROM results WHERE run_seq = 6 ORDER BY id"
            ) == ["1|0", "1|1"]
        )
        #expect(try known.store.run("latest").historyDetail == .failures)
        #expect(try await SQLite.query(known.path, "PRAGMA foreign_key_check").isEmpty)
        #expect(throws: HistoryError.self) { try known.store.merge(from: "/nonexistent/history.sqlite") }
    }
}
