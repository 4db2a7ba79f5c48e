import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// Schema version 2 moves the timings from the `metrics` table into `results`: a history written by
/// version 1 must come out of the migration with the same answers, and merge into a version 2 history.
@Suite("History migration to schema v2")
struct HistoryMigrationTests {
    /// The columns version 1's `results` had (the writer's list before the timings and the count).
    static let v1ResultColumns = HistorySchema.resultsColumnNames.prefix(23).joined(separator: ", ")

    /// A version 1 database at a new path holding exactly the rows of `known` (recorded with every detail),
    /// its timings in a `metrics` table as version 1 wrote them.
    static func v1Copy(of known: KnownHistory) async throws -> String {
        let path = HistoryFixtures.databasePath()
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
            withIntermediateDirectories: true
        )
        try HistorySchema.createDatabase(path: path, upTo: "v1")
        #expect(try await SQLite.query(path, "SELECT type FROM sqlite_master WHERE name = 'metrics'") == ["table"])
        let copy = try await SQLite.query(
            path,
            """
            ATTACH '\(known.path)' AS k;
            INSERT INTO runs (seq, \(HistoryStore.runCopyColumns)) SELECT seq, \(HistoryStore.runCopyColumns) FROM k.runs;
            INSERT INTO suites SELECT * FROM k.suites;
            INSERT INTO tests SELECT id, suite_id, name FROM k.tests;
            INSERT INTO results (\(v1ResultColumns)) SELECT \(v1ResultColumns) FROM k.results;
            INSERT INTO metrics SELECT * FROM k.metrics;
            INSERT INTO assertions SELECT * FROM k.assertions;
            INSERT INTO tls SELECT * FROM k.tls;
            SELECT COUNT(*) FROM metrics;
            """
        )
        #expect(copy == ["13"], "the known history has 13 results with a transfer")
        return path
    }

    @Test("v1 → v2: timings move into results, the metrics view returns the old rows, queries answer the same")
    func migrationKeepsAnswers() async throws {
        let known = try await KnownHistory.make(detail: .all)
        defer { known.tearDown() }
        let path = try await Self.v1Copy(of: known)
        defer { HistoryFixtures.remove(path) }
        let v1Metrics = try await SQLite.query(path, "SELECT * FROM metrics ORDER BY result_id")

        let migrated = try await HistoryStore.open(path: path)
        defer { try? migrated.close() }
        #expect(
            try await SQLite.query(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier") == [
                "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",
            ]
        )
        #expect(try await SQLite.query(path, "SELECT type FROM sqlite_master WHERE name = 'metrics'") == ["view"])
        let indexes = try await SQLite.query(
            path,
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'results' ORDER BY name"
        )
        #expect(indexes.isEmpty, "v3 to v5 dropped every index of results: \(indexes)")
        #expect(try await SQLite.query(path, "SELECT * FROM metrics ORDER BY result_id") == v1Metrics)
        #expect(
            try await SQLite.query(
                path,
                "SELECT id, ttfb_ms, total_ms, request_bytes FROM results WHERE total_ms IS NOT NULL ORDER BY id"
            )
                == SQLite.query(
                    known.path,
                    "SELECT id, ttfb_ms, total_ms, request_bytes FROM results WHERE total_ms IS NOT NULL ORDER BY id"
                )
        )
        #expect(
            try await SQLite.query(path, "SELECT COUNT(*) FROM results WHERE total_ms IS NULL") == ["2"],
            "the error and the skip had no transfer"
        )
        let counts = "SELECT group_concat(assertion_count) FROM (SELECT assertion_count FROM results ORDER BY id)"
        #expect(try await SQLite.query(path, counts) == SQLite.query(known.path, counts))
        #expect(try await SQLite.query(path, "SELECT DISTINCT history_detail FROM runs") == ["all"])
        #expect(try await SQLite.query(path, "PRAGMA integrity_check") == ["ok"])
        #expect(try await SQLite.query(path, "PRAGMA foreign_key_check") == [])

        for phase in TimingPhase.allCases {
            #expect(
                try migrated.slowest(phase: phase, lastRuns: 5) == known.store.slowest(phase: phase, lastRuns: 5),
                "slowest \(phase)"
            )
        }
        for grouping in [TrendGrouping.suite, .test] {
            #expect(
                try migrated.trends(lastRuns: 5, grouping: grouping, phase: .ttfb)
                    == known.store.trends(lastRuns: 5, grouping: grouping, phase: .ttfb)
            )
        }
        #expect(try migrated.flakyTests(lastRuns: 5) == known.store.flakyTests(lastRuns: 5))
        #expect(try migrated.compare("previous", "latest") == known.store.compare("previous", "latest"))
        for id in KnownHistory.runIDs {
            #expect(try migrated.results(ofRun: id) == known.store.results(ofRun: id))
        }
        // Pruning still cascades (the view follows its results).
        #expect(try migrated.prune(keep: 1).deleted == 4)
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM metrics") == ["2"])
    }

    @Test("merge takes a v1 history: its timings from its metrics table, its runs as keeping everything")
    func mergeFromV1() async throws {
        let known = try await KnownHistory.make(detail: .all)
        defer { known.tearDown() }
        let v1 = try await Self.v1Copy(of: known)
        defer { HistoryFixtures.remove(v1) }
        let target = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(target) }
        let store = try await HistoryStore.open(path: target)
        defer { try? store.close() }
        #expect(try store.merge(from: v1) == 5)
        #expect(
            try await SQLite.query(target, "SELECT * FROM metrics ORDER BY result_id")
                == SQLite.query(known.path, "SELECT * FROM metrics ORDER BY result_id")
        )
        let counts = "SELECT (SELECT COUNT(*) FROM assertions) || '|' || (SELECT SUM(assertion_count) FROM results)"
        #expect(try await SQLite.query(target, counts) == SQLite.query(known.path, counts))
        #expect(try await SQLite.query(target, counts) == ["13|13"], "one assertion per passed or failed result")
        #expect(try store.runs(last: 10).allSatisfy { $0.historyDetail == .all })
        #expect(try store.slowest(phase: .ttfb, lastRuns: 5) == known.store.slowest(phase: .ttfb, lastRuns: 5))
    }
}
