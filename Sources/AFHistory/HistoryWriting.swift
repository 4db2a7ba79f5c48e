import AFRunner
import Foundation
import GRDB

/// The INSERT/UPDATE statements of the history, one function per event.
enum HistoryWriting {
    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func insertRun(_ run: RunInfo, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO runs (id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                    libcurl_version, openssl_version, git_commit, git_branch, shard)
                VALUES (?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO NOTHING
                """,
            arguments: [
                run.id, run.startedAt, json(SinkRedactor.commandLine(run.commandLine)), run.host, Int(getpid()),
                ProcessInfo.processInfo.hostName, run.afrunVersion, run.libcurlVersion, run.opensslVersion,
                run.gitCommit, run.gitBranch, run.shard,
            ])
    }

    static func finishRun(_ id: String, summary: RunSummary, status: RunStatus, in db: Database) throws {
        try db.execute(
            sql: """
                UPDATE runs SET status = ?, finished_at = ?, passed = ?, failed = ?, errors = ?, skipped = ?,
                    duration_ms = ?, p50_ms = ?, p95_ms = ?
                WHERE id = ?
                """,
            arguments: [
                status.rawValue, Date(), summary.passed, summary.failed, summary.errors, summary.skipped,
                summary.durationMs, summary.p50Ms, summary.p95Ms, id,
            ])
        guard db.changesCount > 0 else { throw HistoryError.runNotFound(id) }
    }

    /// The id of a test, creating its suite and test rows on first sight.
    static func testID(_ identity: TestIdentity, in db: Database) throws -> Int64 {
        let suiteID = try Int64.fetchOne(
            db,
            sql: """
                INSERT INTO suites (file, name) VALUES (?, ?)
                ON CONFLICT(file) DO UPDATE SET name = excluded.name RETURNING id
                """, arguments: [identity.suiteFile, identity.suiteName])!
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM tests WHERE suite_id = ? AND name = ?", arguments: [suiteID, identity.testName]) {
            return id
        }
        try db.execute(sql: "INSERT INTO tests (suite_id, name) VALUES (?, ?)", arguments: [suiteID, identity.testName])
        return db.lastInsertedRowID
    }

    /// Inserts a result (already redacted) and its metrics, assertions and TLS evidence.
    static func insertResult(_ result: TestResult, runID: String, in db: Database) throws {
        guard let runSeq = try Int64.fetchOne(db, sql: "SELECT seq FROM runs WHERE id = ?", arguments: [runID]) else {
            throw HistoryError.runNotFound(runID)
        }
        let testID = try testID(result.identity, in: db)
        let messages = result.failureMessages
        try db.execute(
            sql: """
                INSERT INTO results (run_seq, test_id, line, status, attempts, started_at, duration_ms,
                    failure_messages, error_kind, curl_code, skip_reason, method, url, request_headers,
                    response_status, http_version, response_headers, body_excerpt, body_bytes, remote_ip,
                    remote_port, captures)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                runSeq, testID, result.line, result.status.rawValue, result.attempts, result.startedAt,
                result.durationMs, messages.isEmpty ? nil : json(messages), result.error?.kind,
                result.error?.curlCode, result.skipReason, result.request?.method, result.request?.url,
                result.request.map { json($0.headers) }, result.response?.status, result.response?.httpVersion,
                result.response.map { json($0.headers) }, result.response?.bodyExcerpt,
                result.response?.bodyBytes, result.response?.remoteIP, result.response?.remotePort,
                result.captures.isEmpty ? nil : json(result.captures),
            ])
        let resultID = db.lastInsertedRowID
        if let timing = result.timings {
            try db.execute(
                sql: """
                    INSERT INTO metrics (result_id, dns_ms, connect_ms, tls_ms, wait_ms, ttfb_ms, download_ms,
                        total_ms, redirect_ms, queue_ms, redirect_count, connection_reused, request_bytes, response_bytes)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    resultID, timing.dnsMs, timing.connectMs, timing.tlsMs, timing.waitMs, timing.ttfbMs,
                    timing.downloadMs, timing.totalMs, timing.redirectMs, timing.queueMs, timing.redirectCount,
                    timing.connectionReused, timing.requestBytes, timing.responseBytes,
                ])
        }
        for (position, assertion) in result.assertions.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO assertions (result_id, position, kind, target, predicate, expected, actual, passed, message)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    resultID, position, assertion.kind, assertion.target, assertion.predicate, assertion.expected,
                    assertion.actual, assertion.passed, assertion.message,
                ])
        }
        if let tls = result.tls {
            try db.execute(
                sql: """
                    INSERT INTO tls (result_id, protocol_version, cipher, chain_pins, leaf_subject, leaf_not_after,
                        trusted, rejection_reason)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    resultID, tls.protocolVersion, tls.cipher, json(tls.chainPins), tls.leafSubject, tls.leafNotAfter,
                    tls.trusted, tls.rejectionReason,
                ])
        }
    }
}
