import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// `prune` deletes the pruned runs' results, assertions and TLS rows itself, through the runs' ranges of
/// result ids (schema v5 has no index a cascade from `runs` could use), then the runs with foreign-key checks
/// off: the outcome must be what the cascade gave.
@Suite("History: pruning through the runs' ranges of result ids")
struct HistoryPruneTests {
    /// The number of rows of each table, and the foreign-key check, one line.
    static func counts(_ path: String) async throws -> [String] {
        try await SQLite.query(
            path,
            """
            SELECT (SELECT COUNT(*) FROM runs) || ' ' || (SELECT COUNT(*) FROM results) || ' ' ||
                (SELECT COUNT(*) FROM assertions) || ' ' || (SELECT COUNT(*) FROM tls) || ' ' ||
                (SELECT COUNT(*) FROM tests) || ' ' || (SELECT COUNT(*) FROM suites)
            """
        ) + SQLite.query(path, "PRAGMA foreign_key_check")
    }

    @Test("pruning many interleaved runs leaves exactly the kept runs' rows, and no dangling reference")
    func pruneInterleavedRuns() async throws {
        let history = try await InterleavedHistory.make(pairs: 12, tests: 4)
        defer { history.tearDown() }
        // A TLS row for every result (the fixtures' results are plain HTTP), so their deletion shows.
        _ = try await SQLite.query(
            history.path,
            "INSERT INTO tls (result_id, chain_pins, trusted) SELECT id, '[]', 1 FROM results"
        )
        // Run 15 (pair 7, side x) has a result of a test no kept run has: its test and suite go with it.
        _ = try await SQLite.query(
            history.path,
            """
            INSERT INTO suites (file, name) VALUES ('suites/gone.json', 'Gone');
            INSERT INTO tests (suite_id, name) SELECT id, 'gone' FROM suites WHERE name = 'Gone';
            INSERT INTO results (id, run_seq, test_id, line, status, attempts, started_at, duration_ms)
                SELECT (SELECT MAX(id) + 1 FROM results), 15, (SELECT id FROM tests WHERE name = 'gone'), 1, 'passed', 1,
                    '2027-01-01 00:00:00.000', 1;
            UPDATE runs SET last_result_id = (SELECT MAX(id) FROM results) WHERE seq = 15;
            """
        )
        // 24 runs × 4 results + 1; an assertion and a TLS row per recorded result; 8 tests of X and Y, and `gone`.
        #expect(try await Self.counts(history.path) == ["24 97 96 96 9 3"])
        let keptResults = try await SQLite.query(history.path, "SELECT id FROM results WHERE run_seq > 15 ORDER BY id")
        let kept = try history.first.runs(last: 9)
        let keptShows = try kept.map { try history.first.results(ofRun: $0.id).results }

        #expect(try history.first.prune(keep: 9).deleted == 15)
        #expect(try await Self.counts(history.path) == ["9 36 36 36 8 2"])
        #expect(try await SQLite.query(history.path, "SELECT id FROM results ORDER BY id") == keptResults)
        #expect(
            try await SQLite.query(
                history.path,
                "SELECT COUNT(*) FROM assertions WHERE result_id NOT IN (SELECT id FROM results)"
            ) == ["0"]
        )
        #expect(try history.first.runs(last: 20) == kept)
        #expect(try kept.map { try history.first.results(ofRun: $0.id).results } == keptShows)
        #expect(try await SQLite.query(history.path, "PRAGMA integrity_check") == ["ok"])

        #expect(try history.second.prune(keep: 0).deleted == 9)
        #expect(try await Self.counts(history.path) == ["0 0 0 0 0 0"])
    }

    @Test("a run still recording, whose start is above the ids left after a prune, starts at the next id given")
    func runningRunFollowsTheLargestID() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        defer { try? store.close() }
        let other = try await HistoryStore.open(path: path)
        defer { try? other.close() }
        let a = HistoryFixtures.identity("a")
        let older = HistoryFixtures.run("aaaa0000-0000-0000-0000-000000000000")
        try await store.runDidStart(older)
        try await store.flush()
        try await store.record(HistoryFixtures.result(a, .passed), in: older)
        try await store.flush()
        // The newer run starts after the older one's result: from id 2.
        let newer = HistoryFixtures.run("bbbb0000-0000-0000-0000-000000000000")
        try await other.runDidStart(newer)
        try await other.flush()
        #expect(try await SQLite.query(path, "SELECT first_result_id FROM runs WHERE seq = 2") == ["2"])
        // Pruning the older run takes the largest id away: the newer run's next result gets id 1.
        #expect(try store.prune(keep: 1).deleted == 1)
        try await other.record(HistoryFixtures.result(a, .failed), in: newer)
        try await other.flush()
        #expect(try await SQLite.query(path, "SELECT id FROM results") == ["1"])
        #expect(try other.results(ofRun: newer.id).results.map(\.status) == [.failed])
    }
}
