import AFRunner
import Foundation
import GRDB

extension HistoryStore {
    static func runRecord(_ row: Row) -> RunRecord {
        let commandLine: String = row["command_line"]
        return RunRecord(
            id: row["id"],
            sequence: row["seq"],
            startedAt: row["started_at"],
            finishedAt: row["finished_at"],
            status: RunStatus(rawValue: row["status"]) ?? .interrupted,
            commandLine: (try? JSONDecoder().decode([String].self, from: Data(commandLine.utf8))) ?? [],
            host: row["host"],
            afrunVersion: row["afrun_version"],
            libcurlVersion: row["libcurl_version"],
            opensslVersion: row["openssl_version"],
            gitCommit: row["git_commit"],
            gitBranch: row["git_branch"],
            shard: row["shard"],
            runGroup: row["run_group"],
            plannedTests: row["planned_tests"],
            passed: row["passed"],
            failed: row["failed"],
            errors: row["errors"],
            skipped: row["skipped"],
            durationMs: row["duration_ms"],
            p50Ms: row["p50_ms"],
            p95Ms: row["p95_ms"],
            historyDetail: detail(row["history_detail"])
        )
    }

    /// The latest runs, newest first.
    /// - Parameter last: how many.
    /// - Returns: up to `last` runs.
    public func runs(last: Int = 20) throws -> [RunRecord] {
        try read("list runs") { db in
            try Row.fetchAll(
                db,
                sql: HistorySQL.latestRuns,
                arguments: [max(0, last)]
            )
            .map(Self.runRecord)
        }
    }

    /// The run a reference names: a full id, an unambiguous id prefix, `latest` or `previous`.
    /// - Throws: `HistoryError.runNotFound` or `.ambiguousRun`.
    public func run(_ reference: String) throws -> RunRecord {
        try read("find run") { db in try Self.resolveRun(reference, in: db) }
    }

    static func resolveRun(_ reference: String, in db: Database) throws -> RunRecord {
        let key = reference.trimmingCharacters(in: .whitespaces)
        let offset: Int? =
            switch key.lowercased() {
            case "latest", "last": 0
            case "previous", "prev": 1
            default: nil
            }
        if let offset {
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: HistorySQL.runAtOffset,
                    arguments: [offset]
                )
            else { throw HistoryError.runNotFound(reference) }
            return runRecord(row)
        }
        guard !key.isEmpty else { throw HistoryError.runNotFound(reference) }
        if let row = try Row.fetchOne(db, sql: HistorySQL.runWithID, arguments: [key]) {
            return runRecord(row)
        }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        let rows = try Row.fetchAll(
            db,
            sql: HistorySQL.runsWithIDLike,
            arguments: [escaped + "%"]
        )
        if rows.count == 1 { return runRecord(rows[0]) }
        if rows.isEmpty { throw HistoryError.runNotFound(reference) }
        throw HistoryError.ambiguousRun(reference, candidates: rows.map { $0["id"] })
    }

    /// A stored detail level (a value this version does not know reads as `.all`: nothing is assumed left out).
    static func detail(_ text: String?) -> HistoryDetail {
        text.flatMap(HistoryDetail.init(rawValue:)) ?? .all
    }

    static func resultRecord(_ row: Row) -> ResultRecord {
        let messages: String? = row["failure_messages"]
        let status = TestStatus(rawValue: row["status"]) ?? .error
        return ResultRecord(
            runID: row["run_id"],
            runSequence: row["run_seq"],
            identity: TestIdentity(suiteFile: row["file"], suiteName: row["suite_name"], testName: row["test_name"]),
            line: row["line"],
            status: status,
            attempts: row["attempts"],
            startedAt: row["started_at"],
            durationMs: row["duration_ms"],
            failureMessages: messages.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? [],
            errorKind: row["error_kind"],
            skipReason: row["skip_reason"],
            curlCode: row["curl_code"],
            responseStatus: row["response_status"],
            httpVersion: row["http_version"],
            remoteIP: row["remote_ip"],
            bodyBytes: row["body_bytes"],
            totalMs: row["total_ms"],
            timings: TimingSummary(row: row),
            assertionCount: row["assertion_count"],
            detailKept: Self.detail(row["history_detail"]).keepsDetail(of: status)
        )
    }

    /// Every result of a run, in the order they were recorded.
    /// - Parameter reference: an id, a prefix, `latest` or `previous`.
    public func results(ofRun reference: String) throws -> (run: RunRecord, results: [ResultRecord]) {
        try read("show run") { db in
            let run = try Self.resolveRun(reference, in: db)
            let ids = try Self.resultIDs(ofRun: run.sequence, in: db)
            let rows = try Row.fetchAll(
                db,
                sql: HistorySQL.runResults,
                arguments: [ids.lower, ids.upper, run.sequence]
            )
            return (run, rows.map(Self.resultRecord))
        }
    }

    /// One test's results over the latest runs that ran it, newest first.
    /// - Parameters:
    ///   - name: `suite name/test name`, `suite file/test name`, or a test name alone (every suite's test of
    ///     that name).
    ///   - last: how many results.
    /// - Throws: `HistoryError.testNotFound` when no test matches.
    public func testHistory(_ name: String, last: Int = 20) throws -> [ResultRecord] {
        try read("test history") { db in
            let ids = try Self.matchingTests(name, in: db)
            guard !ids.isEmpty else {
                let names = try Row.fetchAll(db, sql: HistorySQL.testNames).map { row -> String in
                    let suite: String = row[0]
                    let test: String = row[1]
                    return suite + "/" + test
                }
                throw HistoryError.testNotFound(name, similar: HistoryAnswers.similarTests(to: name, among: names))
            }
            let limit = max(0, last)
            // No index leads with `test_id` (nor, since schema v5, with `run_seq`): the latest runs are read
            // first, as a range of result ids, and the window grows fourfold until it holds `last` results of
            // the test or every run. Results outside the window belong to older runs, so they would sort after
            // the `last` found in it.
            var window = max(limit, 1)
            while true {
                let (start, range) = try Self.resultWindow(lastRuns: window, in: db)
                let rows = try Row.fetchAll(
                    db,
                    sql: HistorySQL.testResults(tests: ids),
                    arguments: [range.lower, range.upper, start, limit]
                )
                if rows.count >= limit || start == Int64.min { return rows.map(Self.resultRecord) }
                window = window > Int.max / 4 ? Int.max : window * 4
            }
        }
    }

    static func matchingTests(_ name: String, in db: Database) throws -> [Int64] {
        if let slash = name.lastIndex(of: "/") {
            let scope = String(name[..<slash])
            let test = String(name[name.index(after: slash)...])
            let ids = try Int64.fetchAll(
                db,
                sql: HistorySQL.testsNamed + " AND (s.name = ? OR s.file = ?)",
                arguments: [test, scope, scope]
            )
            if !ids.isEmpty { return ids }
        }
        return try Int64.fetchAll(db, sql: HistorySQL.testsNamed, arguments: [name])
    }
}
