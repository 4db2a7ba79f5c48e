import AFRunner
import Foundation
import GRDB

extension RunRecorder {
    /// Inserts a run's row, `running`, with the first result id it can have: results get the largest id plus
    /// one (SQLite's rowid), so under the write lock every result of this run is above the largest id now.
    func insertRun(_ run: RunInfo, in db: Database) throws {
        let commandLine = String(decoding: try json.encode(SinkRedactor.commandLine(run.commandLine)), as: UTF8.self)
        try db.cachedStatement(
            sql: """
                INSERT INTO runs (id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                    libcurl_version, openssl_version, git_commit, git_branch, shard, run_group, history_detail,
                    planned_tests, first_result_id)
                VALUES (:id, :startedAt, 'running', :commandLine, :host, :pid, :pidHost, :afrunVersion,
                    :libcurlVersion, :opensslVersion, :gitCommit, :gitBranch, :shard, :runGroup, :detail,
                    :plannedTests, COALESCE((SELECT MAX(id) FROM results), 0) + 1)
                ON CONFLICT(id) DO NOTHING
                """
        ).execute(arguments: [
            "id": run.id, "startedAt": run.startedAt, "commandLine": commandLine, "host": run.host,
            "pid": Int(getpid()), "pidHost": ProcessInfo.processInfo.hostName, "afrunVersion": run.afrunVersion,
            "libcurlVersion": run.libcurlVersion, "opensslVersion": run.opensslVersion, "gitCommit": run.gitCommit,
            "gitBranch": run.gitBranch, "shard": run.shard, "runGroup": run.runGroup, "detail": detail.rawValue,
            "plannedTests": run.plannedTests,
        ])
    }

    /// Stores a run's end: its status, totals, and the last result id it can have.
    func finishRun(_ id: String, summary: RunSummary, status: RunStatus, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE runs SET status = :status, finished_at = :now, passed = :passed, failed = :failed,
                    errors = :errors, skipped = :skipped, duration_ms = :duration, p50_ms = :p50, p95_ms = :p95,
                    last_result_id = (SELECT MAX(id) FROM results)
                WHERE id = :id
                """
        ).execute(arguments: [
            "status": status.rawValue, "now": Date(), "passed": summary.passed, "failed": summary.failed,
            "errors": summary.errors, "skipped": summary.skipped, "duration": summary.durationMs,
            "p50": summary.p50Ms, "p95": summary.p95Ms, "id": id,
        ])
        guard db.changesCount > 0 else { throw HistoryError.runNotFound(id) }
    }

    /// Stores the end of a run that could not store all its results: `incomplete`, with the totals of the
    /// results it kept.
    func markIncomplete(_ id: String, summary: RunSummary, in db: Database) throws {
        let mine = "id >= runs.first_result_id AND run_seq = runs.seq"
        try db.execute(
            sql: """
                UPDATE runs SET status = 'incomplete', finished_at = :now, duration_ms = :duration, p50_ms = :p50,
                    p95_ms = :p95,
                    passed = (SELECT COUNT(*) FROM results WHERE \(mine) AND status = 'passed'),
                    failed = (SELECT COUNT(*) FROM results WHERE \(mine) AND status = 'failed'),
                    errors = (SELECT COUNT(*) FROM results WHERE \(mine) AND status = 'error'),
                    skipped = (SELECT COUNT(*) FROM results WHERE \(mine) AND status = 'skipped'),
                    last_result_id = (SELECT MAX(id) FROM results)
                WHERE id = :id
                """,
            arguments: [
                "now": Date(), "duration": summary.durationMs, "p50": summary.p50Ms, "p95": summary.p95Ms, "id": id,
            ]
        )
        guard db.changesCount > 0 else { throw HistoryError.runNotFound(id) }
    }

    /// The sequence number of a started run.
    func runSequence(_ runID: String, in db: Database) throws -> Int64 {
        if let sequence = known.runSequences[runID] { return sequence }
        guard
            let sequence = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT seq FROM runs WHERE id = ?"),
                arguments: [runID]
            )
        else { throw HistoryError.runNotFound(runID) }
        known.runSequences[runID] = sequence
        return sequence
    }

    /// Inserts a run's results (redacted here), each followed by its assertion rows (when its detail is
    /// kept) and its TLS evidence.
    func insert(_ results: [TestResult], runSequence: Int64, in db: Database) throws {
        for result in results {
            let keepsDetail = detail.keepsDetail(of: result.status)
            // A result without detail normally has no failure message to redact (it passed or was skipped);
            // one that has is redacted whole all the same.
            let redactsWhole = keepsDetail || result.error != nil || result.assertions.contains { !$0.passed }
            let test = try test(result.identity, in: db)
            try storeTags(result.tags, of: test, in: db)
            let testID = test.id
            let row = ResultRow(
                result: redactsWhole ? SinkRedactor.result(result) : result,
                runSequence: runSequence,
                testID: testID,
                keepsDetail: keepsDetail,
                json: json
            )
            try row.insert(db)
            let resultID = db.lastInsertedRowID
            if keepsDetail {
                for (position, assertion) in row.result.assertions.enumerated() {
                    try AssertionRow(resultID: resultID, position: position, assertion: assertion).insert(db)
                }
            }
            if let tls = row.result.tls { try TLSRow(resultID: resultID, tls: tls, json: json).insert(db) }
        }
    }

    /// The id of a test, added when new, and its stored `tags`: one indexed lookup per result. (A cache of the ids
    /// and tags of every test of a suite, read when the suite was first seen, grew with the suite: 6 MiB at
    /// 100,000 tests, for a lookup SQLite answers from the `(suite_id, name)` index.)
    private func test(_ identity: TestIdentity, in db: Database) throws -> (id: Int64, tags: String?) {
        let suite = SuiteKey(file: identity.suiteFile, name: identity.suiteName)
        let suiteID: Int64
        if let id = known.suites[suite] {
            suiteID = id
        } else {
            suiteID = try Self.returnedID(
                """
                INSERT INTO suites (file, name) VALUES (:file, :name)
                ON CONFLICT(file) DO UPDATE SET name = excluded.name RETURNING id
                """,
                ["file": identity.suiteFile, "name": identity.suiteName],
                in: db
            )
            known.suites[suite] = suiteID
        }
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT id, tags FROM tests WHERE suite_id = ? AND name = ?"),
            arguments: [suiteID, identity.testName]
        ) {
            return (row[0], row[1])
        }
        let id = try Self.returnedID(
            """
            INSERT INTO tests (suite_id, name) VALUES (:suite, :name)
            ON CONFLICT(suite_id, name) DO UPDATE SET name = excluded.name RETURNING id
            """,
            ["suite": suiteID, "name": identity.testName],
            in: db
        )
        return (id, nil)
    }

    /// Sets a test's `tags` (a JSON array, NULL for none) when they differ from the stored ones.
    private func storeTags(_ tags: [String], of test: (id: Int64, tags: String?), in db: Database) throws {
        let text = tags.isEmpty ? nil : String(decoding: try json.encode(tags), as: UTF8.self)
        if text == test.tags { return }
        try db.cachedStatement(sql: "UPDATE tests SET tags = ? WHERE id = ?").execute(arguments: [text, test.id])
    }

    private static func returnedID(_ sql: String, _ arguments: StatementArguments, in db: Database) throws -> Int64 {
        guard let id = try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) else {
            throw HistoryError.database(operation: "record", reason: "no id returned by \(sql)")
        }
        return id
    }
}
