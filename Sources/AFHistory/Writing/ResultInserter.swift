import AFRunner
import Foundation
import GRDB

/// Inserts finished results (redacting them first) with the writer connection's cached statements,
/// binding values through `SQLiteBinder`, and remembers run sequence numbers and test ids between
/// batches so a result costs its own rows only.
///
/// Not `Sendable`: the group-commit writer uses it on its private queue only.
final class ResultInserter {
    private var runSequences: [String: Int64] = [:]
    private var testIDs: [TestIdentity: Int64] = [:]
    /// Suites (file and name) whose row is up to date and whose tests are all in `testIDs`.
    private var suiteIDs: [SuiteKey: Int64] = [:]

    private struct SuiteKey: Hashable {
        let file: String
        let name: String
    }

    /// Drops the remembered ids (after a failed batch: another process may have pruned a test).
    func forgetIDs() {
        runSequences.removeAll()
        testIDs.removeAll()
        suiteIDs.removeAll()
    }

    /// Whether header and capture names are secret, as `SinkRedactor.isSecretName` says (the same few
    /// names come with every result).
    private var secretNames: [String: Bool] = [:]

    private func isSecret(_ name: String) -> Bool {
        if let known = secretNames[name] { return known }
        if secretNames.count >= 4096 { secretNames.removeAll() }
        let secret = SinkRedactor.isSecretName(name)
        secretNames[name] = secret
        return secret
    }

    /// The writer connection's prepared INSERTs (GRDB caches them per connection).
    struct Statements {
        let result: Statement
        let metrics: Statement
        let assertion: Statement
        let tls: Statement

        init(_ db: Database) throws {
            result = try db.cachedStatement(sql: """
                INSERT INTO results (run_seq, test_id, line, status, attempts, started_at, duration_ms,
                    failure_messages, error_kind, curl_code, skip_reason, method, url, request_headers,
                    response_status, http_version, response_headers, body_excerpt, body_bytes, remote_ip,
                    remote_port, captures)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            metrics = try db.cachedStatement(sql: """
                INSERT INTO metrics (result_id, dns_ms, connect_ms, tls_ms, wait_ms, ttfb_ms, download_ms,
                    total_ms, redirect_ms, queue_ms, redirect_count, connection_reused, request_bytes, response_bytes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            assertion = try db.cachedStatement(sql: """
                INSERT INTO assertions (result_id, position, kind, target, predicate, expected, actual, passed, message)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            tls = try db.cachedStatement(sql: """
                INSERT INTO tls (result_id, protocol_version, cipher, chain_pins, leaf_subject, leaf_not_after,
                    trusted, rejection_reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        }
    }

    private func runSequence(_ runID: String, in db: Database) throws -> Int64 {
        if let known = runSequences[runID] { return known }
        guard let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM runs WHERE id = ?", arguments: [runID]) else {
            throw HistoryError.runNotFound(runID)
        }
        runSequences[runID] = sequence
        return sequence
    }

    /// The id of a test. The first time a suite is seen, its row is created or renamed and the ids of all
    /// its known tests are read in one query, so a run of an existing suite looks up nothing per result.
    private func testID(_ identity: TestIdentity, in db: Database) throws -> Int64 {
        if let known = testIDs[identity] { return known }
        let key = SuiteKey(file: identity.suiteFile, name: identity.suiteName)
        let suiteID: Int64
        if let known = suiteIDs[key] {
            suiteID = known
        } else {
            suiteID = try Int64.fetchOne(
                db.cachedStatement(sql: """
                    INSERT INTO suites (file, name) VALUES (?, ?)
                    ON CONFLICT(file) DO UPDATE SET name = excluded.name RETURNING id
                    """), arguments: [identity.suiteFile, identity.suiteName])!
            suiteIDs[key] = suiteID
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT name, id FROM tests WHERE suite_id = ?"), arguments: [suiteID])
            while let row = try rows.next() {
                let name: String = row[0]
                testIDs[TestIdentity(suiteFile: key.file, suiteName: key.name, testName: name)] = row[1]
            }
            if let known = testIDs[identity] { return known }
        }
        // New test (or one another process added since): insert, or take the row that is there.
        let id = try Int64.fetchOne(
            db.cachedStatement(sql: """
                INSERT INTO tests (suite_id, name) VALUES (?, ?)
                ON CONFLICT(suite_id, name) DO UPDATE SET name = excluded.name RETURNING id
                """), arguments: [suiteID, identity.testName])!
        testIDs[identity] = id
        return id
    }

    /// The JSON of a header list, secret values masked as `SinkRedactor.headers` does.
    private func headersJSON(_ fields: [HeaderField]) -> String {
        CompactJSON.headers(fields.contains { isSecret($0.name) } ? SinkRedactor.headers(fields) : fields)
    }

    /// Inserts a result of run `runID` in the current transaction: its row, its metrics, its assertions
    /// and its TLS evidence. Every stored field goes through `SinkRedactor`'s rules as
    /// `SinkRedactor.result` applies them, field by field (no copy of the whole result).
    /// - Throws: `HistoryError.runNotFound` when the run was never started, `.database` for SQLite errors.
    func insert(_ result: TestResult, runID: String, statements: Statements, in db: Database) throws {
        let runSequence = try runSequence(runID, in: db)
        let testID = try testID(result.identity, in: db)
        let assertions = SinkRedactor.assertions(result.assertions)
        // `TestResult.failureMessages` of the redacted result.
        let messages = result.error.map { [SinkRedactor.text($0.message)] } ?? assertions.filter { !$0.passed }.map(\.message)
        var captures = result.captures
        for name in result.captures.keys where isSecret(name) { captures[name] = SinkRedactor.mask }
        var row = SQLiteBinder(statements.result, in: db)
        row.bind(runSequence)
        row.bind(testID)
        row.bind(result.line)
        row.bind(result.status.rawValue)
        row.bind(result.attempts)
        row.bind(result.startedAt)
        row.bind(result.durationMs)
        row.bind(messages.isEmpty ? nil : CompactJSON.array(messages))
        row.bind(result.error?.kind)
        row.bind(result.error?.curlCode)
        row.bind(result.skipReason)
        row.bind(result.request?.method)
        row.bind(result.request.map { SinkRedactor.url($0.url) })
        row.bind(result.request.map { headersJSON($0.headers) })
        row.bind(result.response?.status)
        row.bind(result.response?.httpVersion)
        row.bind(result.response.map { headersJSON($0.headers) })
        row.bind(result.response.map { SinkRedactor.text($0.bodyExcerpt) })
        row.bind(result.response?.bodyBytes)
        row.bind(result.response?.remoteIP)
        row.bind(result.response?.remotePort)
        row.bind(captures.isEmpty ? nil : CompactJSON.object(captures))
        try row.step("insert result")
        let resultID = db.lastInsertedRowID

        if let timing = result.timings {
            var row = SQLiteBinder(statements.metrics, in: db)
            row.bind(resultID)
            row.bind(timing.dnsMs)
            row.bind(timing.connectMs)
            row.bind(timing.tlsMs)
            row.bind(timing.waitMs)
            row.bind(timing.ttfbMs)
            row.bind(timing.downloadMs)
            row.bind(timing.totalMs)
            row.bind(timing.redirectMs)
            row.bind(timing.queueMs)
            row.bind(timing.redirectCount)
            row.bind(timing.connectionReused)
            row.bind(timing.requestBytes)
            row.bind(timing.responseBytes)
            try row.step("insert metrics")
        }
        for (position, assertion) in assertions.enumerated() {
            var row = SQLiteBinder(statements.assertion, in: db)
            row.bind(resultID)
            row.bind(position)
            row.bind(assertion.kind)
            row.bind(assertion.target)
            row.bind(assertion.predicate)
            row.bind(assertion.expected)
            row.bind(assertion.actual)
            row.bind(assertion.passed)
            row.bind(assertion.message)
            try row.step("insert assertion")
        }
        if let tls = result.tls {
            var row = SQLiteBinder(statements.tls, in: db)
            row.bind(resultID)
            row.bind(tls.protocolVersion)
            row.bind(tls.cipher)
            row.bind(CompactJSON.array(tls.chainPins))
            row.bind(tls.leafSubject)
            row.bind(tls.leafNotAfter)
            row.bind(tls.trusted)
            row.bind(tls.rejectionReason)
            try row.step("insert TLS evidence")
        }
    }
}
