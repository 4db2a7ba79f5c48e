import AFRunner
import Foundation
import PostgresNIO

extension PostgresHistory {
    /// A `runs` row (`HistorySQL.runColumns`) as a record.
    static func runRecord(_ values: PostgresValues) throws(HistoryError) -> RunRecord {
        let commandLine = try values.string("command_line") ?? "[]"
        return RunRecord(
            id: try values.required(values.string("id"), "id"),
            sequence: try values.required(values.int("seq"), "seq"),
            startedAt: try values.required(values.date("started_at"), "started_at"),
            finishedAt: try values.date("finished_at"),
            status: RunStatus(rawValue: try values.string("status") ?? "") ?? .interrupted,
            commandLine: (try? JSONDecoder().decode([String].self, from: Data(commandLine.utf8))) ?? [],
            host: try values.string("host") ?? "",
            afrunVersion: try values.string("afrun_version") ?? "",
            libcurlVersion: try values.string("libcurl_version") ?? "",
            opensslVersion: try values.string("openssl_version") ?? "",
            gitCommit: try values.string("git_commit"),
            gitBranch: try values.string("git_branch"),
            shard: try values.string("shard"),
            runGroup: try values.string("run_group"),
            plannedTests: try values.int("planned_tests").map(Int.init),
            passed: Int(try values.int("passed") ?? 0),
            failed: Int(try values.int("failed") ?? 0),
            errors: Int(try values.int("errors") ?? 0),
            skipped: Int(try values.int("skipped") ?? 0),
            durationMs: try values.double("duration_ms"),
            p50Ms: try values.double("p50_ms"),
            p95Ms: try values.double("p95_ms"),
            historyDetail: HistoryStore.detail(try values.string("history_detail"))
        )
    }

    /// The timings of a result row, or nil when it lacks a phase it must have (`TimingSummary.init(row:)`).
    static func timingSummary(_ values: PostgresValues) throws(HistoryError) -> TimingSummary? {
        guard let dnsMs = try values.double("dns_ms"), let connectMs = try values.double("connect_ms"),
            let tlsMs = try values.double("tls_ms"), let waitMs = try values.double("wait_ms"),
            let ttfbMs = try values.double("ttfb_ms"), let downloadMs = try values.double("download_ms"),
            let totalMs = try values.double("total_ms"), let redirectMs = try values.double("redirect_ms"),
            let redirectCount = try values.int("redirect_count"), let reused = try values.int("connection_reused"),
            let requestBytes = try values.int("request_bytes"), let responseBytes = try values.int("response_bytes")
        else { return nil }
        return TimingSummary(
            dnsMs: dnsMs,
            connectMs: connectMs,
            tlsMs: tlsMs,
            waitMs: waitMs,
            ttfbMs: ttfbMs,
            downloadMs: downloadMs,
            totalMs: totalMs,
            redirectMs: redirectMs,
            queueMs: try values.double("queue_ms"),
            redirectCount: Int(redirectCount),
            connectionReused: reused != 0,
            requestBytes: requestBytes,
            responseBytes: responseBytes
        )
    }

    /// A result row (`HistorySQL.resultColumns`) as a record.
    static func resultRecord(_ values: PostgresValues) throws(HistoryError) -> ResultRecord {
        let status = TestStatus(rawValue: try values.string("status") ?? "") ?? .error
        let timings = try timingSummary(values)
        return ResultRecord(
            runID: try values.string("run_id") ?? "",
            runSequence: try values.int("run_seq") ?? 0,
            identity: TestIdentity(
                suiteFile: try values.string("file") ?? "",
                suiteName: try values.string("suite_name") ?? "",
                testName: try values.string("test_name") ?? ""
            ),
            line: Int(try values.int("line") ?? 0),
            status: status,
            attempts: Int(try values.int("attempts") ?? 1),
            startedAt: try values.required(values.date("started_at"), "started_at"),
            durationMs: try values.double("duration_ms") ?? 0,
            failureMessages: HistoryAnswers.messages(try values.string("failure_messages")),
            errorKind: try values.string("error_kind"),
            skipReason: try values.string("skip_reason"),
            curlCode: try values.int("curl_code").map(Int.init),
            responseStatus: try values.int("response_status").map(Int.init),
            httpVersion: try values.string("http_version"),
            remoteIP: try values.string("remote_ip"),
            bodyBytes: try values.int("body_bytes"),
            totalMs: try values.double("total_ms"),
            timings: timings,
            assertionCount: try values.int("assertion_count").map(Int.init),
            detailKept: HistoryStore.detail(try values.string("history_detail")).keepsDetail(of: status)
        )
    }

    public func runs(last: Int) throws -> [RunRecord] {
        try withSession { session throws(HistoryError) in
            try session.query(
                HistorySQL.latestRuns,
                [.integer(Int64(max(0, last)))],
                operation: "list runs"
            )
            .map { row throws(HistoryError) in try Self.runRecord(PostgresValues(row)) }
        }
    }

    public func run(_ reference: String) throws -> RunRecord {
        try withSession { session throws(HistoryError) in try Self.resolveRun(reference, in: session) }
    }

    /// `HistoryStore.resolveRun` on PostgreSQL: the same references, the same SQL.
    static func resolveRun(_ reference: String, in session: PostgresSession) throws(HistoryError) -> RunRecord {
        let key = reference.trimmingCharacters(in: .whitespaces)
        let offset: Int64? =
            switch key.lowercased() {
            case "latest", "last": 0
            case "previous", "prev": 1
            default: nil
            }
        if let offset {
            let rows = try session.query(
                HistorySQL.runAtOffset,
                [.integer(offset)],
                operation: "find run"
            )
            guard let row = rows.first else { throw HistoryError.runNotFound(reference) }
            return try runRecord(PostgresValues(row))
        }
        guard !key.isEmpty else { throw HistoryError.runNotFound(reference) }
        if let row = try session.query(HistorySQL.runWithID, [.text(key)], operation: "find run").first {
            return try runRecord(PostgresValues(row))
        }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        let rows = try session.query(
            HistorySQL.runsWithIDLike,
            [.text(escaped + "%")],
            operation: "find run"
        )
        .map { row throws(HistoryError) in try runRecord(PostgresValues(row)) }
        if rows.count == 1 { return rows[0] }
        if rows.isEmpty { throw HistoryError.runNotFound(reference) }
        throw HistoryError.ambiguousRun(reference, candidates: rows.map(\.id))
    }

    public func results(ofRun reference: String) throws -> (run: RunRecord, results: [ResultRecord]) {
        try withSession { session throws(HistoryError) in
            let run = try Self.resolveRun(reference, in: session)
            let rows = try session.query(
                HistorySQL.runResults,
                Self.allResultIDs + [.integer(run.sequence)],
                operation: "show run"
            )
            return (run, try rows.map { row throws(HistoryError) in try Self.resultRecord(PostgresValues(row)) })
        }
    }

    public func testHistory(_ name: String, last: Int) throws -> [ResultRecord] {
        try withSession { session throws(HistoryError) in
            let ids = try Self.matchingTests(name, in: session)
            guard !ids.isEmpty else {
                var names: [String] = []
                for row in try session.query(HistorySQL.testNames, operation: "test names") {
                    let values = PostgresValues(row)
                    names.append((try values.string(0) ?? "") + "/" + (try values.string(1) ?? ""))
                }
                throw HistoryError.testNotFound(name, similar: HistoryAnswers.similarTests(to: name, among: names))
            }
            let limit = max(0, last)
            // As `HistoryStore.testHistory`: the latest runs first (`results(run_seq, test_id)` finds their
            // rows), the window growing fourfold until it holds `last` results of the test or every run.
            var window = max(limit, 1)
            while true {
                let start = try Self.windowStart(lastRuns: window, in: session)
                let rows = try session.query(
                    HistorySQL.testResults(tests: ids),
                    Self.allResultIDs + [.integer(start), .integer(Int64(limit))],
                    operation: "test history"
                )
                if rows.count >= limit || start == Int64.min {
                    return try rows.map { row throws(HistoryError) in try Self.resultRecord(PostgresValues(row)) }
                }
                window = window > Int.max / 4 ? Int.max : window * 4
            }
        }
    }

    /// `HistoryStore.matchingTests`, the same SQL.
    static func matchingTests(_ name: String, in session: PostgresSession) throws(HistoryError) -> [Int64] {
        func ids(_ rows: [PostgresRow]) throws(HistoryError) -> [Int64] {
            var ids: [Int64] = []
            for row in rows { if let id = try PostgresValues(row).int(0) { ids.append(id) } }
            return ids
        }
        if let slash = name.lastIndex(of: "/") {
            let scope = String(name[..<slash])
            let test = String(name[name.index(after: slash)...])
            let found = try ids(
                session.query(
                    HistorySQL.testsNamed + " AND (s.name = ? OR s.file = ?)",
                    [.text(test), .text(scope), .text(scope)],
                    operation: "test history"
                )
            )
            if !found.isEmpty { return found }
        }
        return try ids(session.query(HistorySQL.testsNamed, [.text(name)], operation: "test history"))
    }
}
