import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// Schema version 5 stores each run's range of result ids and drops `results(run_seq, test_id)`: a version 4
/// history must come out with its ranges filled from its results, no index on `results`, and the same answers.
@Suite("History migration to schema v5")
struct HistoryMigrationV5Tests {
    /// A version 4 database at a new path holding the rows of `known` (recorded with every detail), with the
    /// result ids of runs 2 and 3 interleaved (as two processes recording at once leave them): run 2 gets ids
    /// 4, 6, 8 and run 3 ids 5, 7, 9.
    static func v4Copy(of known: KnownHistory) async throws -> String {
        let path = HistoryFixtures.databasePath()
        try HistoryLatestSchemaTests.makeFolder(of: path)
        try HistorySchema.createDatabase(path: path, upTo: "v4")
        let results = HistorySchema.resultsColumnNames.dropFirst().joined(separator: ", ")
        let copy = try await SQLite.query(
            path,
            """
            ATTACH '\(known.path)' AS k;
            CREATE TEMP TABLE ids AS SELECT id AS old, CASE WHEN run_seq IN (2, 3)
                THEN 4 + (id - 3 * (run_seq - 1) - 1) * 2 + (run_seq - 2) ELSE id END AS new FROM k.results;
            INSERT INTO runs (seq, \(HistoryStore.runCopyColumns), history_detail)
                SELECT seq, \(HistoryStore.runCopyColumns), history_detail FROM k.runs;
            INSERT INTO suites SELECT * FROM k.suites;
            INSERT INTO tests SELECT id, suite_id, name FROM k.tests;
            INSERT INTO results (id, \(results)) SELECT ids.new, \(results) FROM k.results JOIN ids ON ids.old = k.results.id;
            INSERT INTO assertions (result_id, position, kind, target, predicate, expected, actual, passed, message)
                SELECT ids.new, position, kind, target, predicate, expected, actual, passed, message
                FROM k.assertions a JOIN ids ON ids.old = a.result_id ORDER BY a.id;
            INSERT INTO tls SELECT ids.new, protocol_version, cipher, chain_pins, leaf_subject, leaf_not_after, trusted,
                rejection_reason FROM k.tls x JOIN ids ON ids.old = x.result_id;
            SELECT group_concat(id) FROM (SELECT id FROM results WHERE run_seq = 2 ORDER BY id);
            """
        )
        #expect(copy == ["4,6,8"], "run 2's results interleave with run 3's")
        return path
    }

    @Test("v4 → v5: ranges backfilled, the index gone, every query answers the same")
    func migrationKeepsAnswers() async throws {
        let known = try await KnownHistory.make(detail: .all)
        defer { known.tearDown() }
        let path = try await Self.v4Copy(of: known)
        defer { HistoryFixtures.remove(path) }
        #expect(
            try await SQLite.query(path, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'results'")
                == [
                    "results_run_test"
                ]
        )

        let migrated = try await HistoryStore.open(path: path)
        defer { try? migrated.close() }
        #expect(
            try await SQLite.query(path, "SELECT identifier FROM grdb_migrations ORDER BY identifier") == [
                "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",
            ]
        )
        #expect(
            try await SQLite.query(path, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'results'")
                == []
        )
        #expect(
            try await SQLite.query(path, "SELECT seq, first_result_id, last_result_id FROM runs ORDER BY seq")
                == ["1|1|3", "2|4|8", "3|5|9", "4|10|12", "5|13|15"]
        )
        #expect(try await SQLite.query(path, "PRAGMA integrity_check") == ["ok"])
        #expect(try await SQLite.query(path, "PRAGMA foreign_key_check") == [])

        for id in KnownHistory.runIDs {
            #expect(try migrated.results(ofRun: id) == known.store.results(ofRun: id), "show \(id)")
        }
        for (base, head) in zip(KnownHistory.runIDs, KnownHistory.runIDs.dropFirst()) {
            #expect(try migrated.compare(base, head) == known.store.compare(base, head), "compare \(base) \(head)")
        }
        for last in [1, 2, 3, 5] {
            #expect(
                try migrated.flakyTests(lastRuns: last, includeStable: true)
                    == known.store.flakyTests(lastRuns: last, includeStable: true)
            )
            #expect(
                try migrated.slowest(phase: .ttfb, lastRuns: last) == known.store.slowest(phase: .ttfb, lastRuns: last)
            )
            #expect(try migrated.medianDurations(lastRuns: last) == known.store.medianDurations(lastRuns: last))
            for grouping in [TrendGrouping.suite, .test] {
                #expect(
                    try migrated.trends(lastRuns: last, grouping: grouping)
                        == known.store.trends(lastRuns: last, grouping: grouping)
                )
            }
        }
        for test in ["Users/a", "b", "Orders/c"] {
            for last in [1, 2, 20] {
                #expect(
                    try migrated.testHistory(test, last: last) == known.store.testHistory(test, last: last),
                    "test \(test) \(last)"
                )
            }
        }
        #expect(try migrated.lastRunStatuses() == known.store.lastRunStatuses())
        #expect(try migrated.prune(keep: 2).deleted == 3)
        #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["6"])
        #expect(try await SQLite.query(path, "PRAGMA foreign_key_check") == [])
    }

    @Test("v4 → v5: a run still recording keeps an open end, one without results yet starts after the largest id")
    func runningRunsStayOpen() async throws {
        let known = try await KnownHistory.make(detail: .all)
        defer { known.tearDown() }
        let path = try await Self.v4Copy(of: known)
        defer { HistoryFixtures.remove(path) }
        // Run 5 still recording; run 6 started, nothing recorded yet; run 7 ended with no results.
        _ = try await SQLite.query(
            path,
            """
            UPDATE runs SET status = 'running', finished_at = NULL, pid = \(getpid()) WHERE seq = 5;
            INSERT INTO runs (seq, id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                libcurl_version, openssl_version)
            SELECT 6, 'run6', started_at, 'running', command_line, host, pid, pid_host, afrun_version, libcurl_version,
                openssl_version FROM runs WHERE seq = 5;
            INSERT INTO runs (seq, id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                libcurl_version, openssl_version)
            SELECT 7, 'run7', started_at, 'complete', command_line, host, pid, pid_host, afrun_version, libcurl_version,
                openssl_version FROM runs WHERE seq = 5;
            """
        )
        let migrated = try await HistoryStore.open(path: path)
        defer { try? migrated.close() }
        #expect(
            try await SQLite.query(
                path,
                "SELECT seq, IFNULL(first_result_id, '-'), IFNULL(last_result_id, '-') FROM runs WHERE seq >= 5 ORDER BY seq"
            )
                == ["5|13|-", "6|16|-", "7|-|-"]
        )
        #expect(try migrated.results(ofRun: "run7").results.isEmpty)
        #expect(try migrated.results(ofRun: "run6").results.isEmpty)
        #expect(
            try migrated.results(ofRun: KnownHistory.runIDs[4]).results
                == known.store.results(ofRun: KnownHistory.runIDs[4]).results
        )
    }

    @Test("merge from a v4 history (no ranges): each copied run gets the range of the ids it got here")
    func mergeFromV4() async throws {
        let known = try await KnownHistory.make(detail: .all)
        defer { known.tearDown() }
        let v4 = try await Self.v4Copy(of: known)
        defer { HistoryFixtures.remove(v4) }
        let target = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(target) }
        let store = try await HistoryStore.open(path: target, detail: .all)
        defer { try? store.close() }
        let own = HistoryFixtures.identity("own")
        try await HistoryFixtures.record(
            store,
            [HistoryFixtures.result(own, .passed), HistoryFixtures.result(own, .failed)]
        )
        #expect(try store.merge(from: v4) == 5)
        // The v4 ids moved past this history's largest (2): run 2's 4, 6, 8 are 6, 8, 10 here.
        #expect(
            try await SQLite.query(target, "SELECT seq, first_result_id, last_result_id FROM runs ORDER BY seq")
                == ["1|1|2", "2|3|5", "3|6|10", "4|7|11", "5|12|14", "6|15|17"]
        )
        // The runs' sequence numbers moved by one (this history's own run is 1).
        let unsequenced = { (results: [ResultRecord]) in
            results.map { result in
                var result = result
                result.runSequence = 0
                return result
            }
        }
        for id in KnownHistory.runIDs {
            #expect(
                try unsequenced(store.results(ofRun: id).results)
                    == unsequenced(known.store.results(ofRun: id).results),
                "show \(id)"
            )
        }
        #expect(try store.flakyTests(lastRuns: 5) == known.store.flakyTests(lastRuns: 5))
    }
}
