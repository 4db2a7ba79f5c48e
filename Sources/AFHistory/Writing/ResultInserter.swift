import AFRunner
import Foundation
import GRDB

/// Inserts finished results (redacting them first) with the writer connection's cached statements,
/// binding values through `SQLiteBinder`, and remembers run sequence numbers and test ids between
/// batches so a result costs its own rows only.
///
/// Not `Sendable`: the group-commit writer uses it on its private queue only.
final class ResultInserter {
    /// Which results keep their headers, body excerpt and assertion rows.
    private let detail: HistoryDetail
    private var runSequences: [String: Int64] = [:]
    /// Suites (file and name) whose row is up to date, with the ids of their tests.
    private var suites: [SuiteKey: SuiteIDs] = [:]
    /// The suite of the previous result: most results follow one of the same suite, and comparing two
    /// strings is cheaper than hashing three.
    private var lastSuite: (key: SuiteKey, ids: SuiteIDs)?

    private struct SuiteKey: Hashable {
        let file: String
        let name: String
    }

    /// A suite's id and its tests' ids by name.
    final class SuiteIDs {
        let id: Int64
        var tests: [String: Int64] = [:]

        init(id: Int64) {
            self.id = id
        }
    }

    init(detail: HistoryDetail) {
        self.detail = detail
    }

    /// Compiles the results INSERTs a pass uses (batches of `batchSize` and the smaller remainders).
    func prepareStatements(in db: Database) throws {
        try statements.prepare(.results, upTo: Self.batchSize, in: db)
    }

    /// Finalizes the prepared statements (they are prepared again when needed).
    func releaseStatements() {
        statements.removeAll()
    }

    /// Drops the remembered ids (after a failed batch: another process may have pruned a test).
    func forgetIDs() {
        runSequences.removeAll()
        lastRun = nil
        nextID = nil
        suites.removeAll()
        lastSuite = nil
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

    /// Results inserted by one statement (and their assertions and TLS rows by one statement per
    /// table): enough to pay SQLite's per-statement cost rarely, few enough that a batch is a small part of
    /// an insert pass.
    static let batchSize = 16

    /// The multi-row INSERTs, kept for the life of the writer connection.
    private let statements = BatchStatements()
    /// A JSON column's text while it is built and bound (reused: no new buffer per result).
    private var json: [UInt8] = []

    /// The run of the previous result (a run's results come in a row).
    private var lastRun: (id: String, sequence: Int64)?

    private func runSequence(_ runID: String, in db: Database) throws -> Int64 {
        if let lastRun, lastRun.id == runID { return lastRun.sequence }
        if let known = runSequences[runID] {
            lastRun = (runID, known)
            return known
        }
        var query = SQLiteBinder(try db.cachedStatement(sql: "SELECT seq FROM runs WHERE id = ?"), in: db)
        query.bind(runID)
        guard let sequence = try query.singleInt64("find run \(runID)") else { throw HistoryError.runNotFound(runID) }
        runSequences[runID] = sequence
        lastRun = (runID, sequence)
        return sequence
    }

    /// The id of a test. The first time a suite is seen, its row is created or renamed and the ids of all
    /// its known tests are read in one query, so a run of an existing suite looks up nothing per result.
    private func testID(_ identity: TestIdentity, in db: Database) throws -> Int64 {
        let suite = try suiteIDs(identity, in: db)
        if let known = suite.tests[identity.testName] { return known }
        // New test (or one another process added since): added as a batch's new tests are (`addTests`).
        try addTests([identity.testName], to: suite, in: db)
        guard let id = suite.tests[identity.testName] else {
            throw HistoryError.database(operation: "add test \(identity)", reason: "no id returned")
        }
        addsTests = true
        return id
    }

    /// A test was missing from the history (a new suite, or the first run into a new file): from then on each
    /// batch adds its new tests in one statement before its rows are bound (`addNewTests`), instead of one
    /// statement per test. (Never set while every test is known: that check would cost a look-up per result.)
    private var addsTests = false

    /// The ids of a test's suite. The first time a suite is seen, its row is created or renamed and the ids
    /// of all its known tests are read in one query, so a run of an existing suite looks up nothing per result.
    func suiteIDs(_ identity: TestIdentity, in db: Database) throws -> SuiteIDs {
        if let lastSuite, lastSuite.key.file == identity.suiteFile, lastSuite.key.name == identity.suiteName {
            return lastSuite.ids
        }
        let key = SuiteKey(file: identity.suiteFile, name: identity.suiteName)
        if let known = suites[key] {
            lastSuite = (key, known)
            return known
        }
        var insert = SQLiteBinder(try db.cachedStatement(sql: """
            INSERT INTO suites (file, name) VALUES (?, ?)
            ON CONFLICT(file) DO UPDATE SET name = excluded.name RETURNING id
            """), in: db)
        insert.bind(identity.suiteFile)
        insert.bind(identity.suiteName)
        guard let suiteID = try insert.singleInt64("add suite \(identity.suiteFile)") else {
            throw HistoryError.database(operation: "add suite \(identity.suiteFile)", reason: "no id returned")
        }
        let ids = SuiteIDs(id: suiteID)
        try readTestIDs(of: ids, in: db)
        suites[key] = ids
        lastSuite = (key, ids)
        return ids
    }

    /// Inserts finished results in the current transaction: their rows (with their timings), assertions and
    /// TLS evidence, each table with one statement per batch; a result whose status `detail` does not keep
    /// in full goes in without headers, body excerpt and assertion rows. Every stored field goes through
    /// `SinkRedactor`'s rules as `SinkRedactor.result` applies them, field by field (no copy of the whole
    /// result).
    ///
    /// Result ids are assigned here, from the largest id the table holds (what SQLite assigns to an `INTEGER
    /// PRIMARY KEY` left out), so the assertions and TLS rows of the batch can name them: the writer holds the
    /// write lock (`BEGIN IMMEDIATE`), so nobody else inserts meanwhile.
    /// - Parameters:
    ///   - batch: results of one run.
    ///   - range: at most `batchSize` positions of `batch.results` (within `batch.range`).
    /// - Throws: `HistoryError.runNotFound` when a run was never started, `.database` for SQLite errors.
    func insert(_ batch: ResultBatch, _ range: Range<Int>, in db: Database) throws {
        guard !range.isEmpty else { return }
        let firstID = try nextResultID(in: db)
        let sequence = try runSequence(batch.runID, in: db)
        // Borrowed in place: reading `batch.results[index]` into a value retains it.
        try batch.results.withUnsafeBufferPointer { all in
            let results = UnsafeBufferPointer(rebasing: all[range])
            if addsTests { try addNewTests(of: results, in: db) }
            var assertionLists: [[AssertionResult]] = []
            assertionLists.reserveCapacity(results.count)
            try statements.insert(.results, count: results.count, in: db) { row, index in
                let result = results[index]
                let full = detail.keepsDetail(of: result.status)
                // Failure messages come from the failed assertions: a result kept lean redacts none when all passed.
                let assertions = full || result.assertions.contains(where: { !$0.passed })
                    ? SinkRedactor.assertions(result.assertions) : []
                assertionLists.append(full ? assertions : [])
                try bindResult(result, id: firstID + Int64(index), runSequence: sequence,
                               assertions: assertions, full: full, to: &row, in: db)
            }
            nextID = firstID + Int64(results.count)
            try insertAssertions(assertionLists, firstID: firstID, in: db)
            try insertTLS(results, firstID: firstID, in: db)
        }
    }

    /// The id the next result gets: read once per transaction (the writer holds the write lock, so only
    /// this inserter adds results until it commits), then counted.
    private var nextID: Int64?

    /// Forgets the next result id (a transaction begins: another process may have written since).
    func transactionWillBegin() {
        nextID = nil
    }

    private func nextResultID(in db: Database) throws -> Int64 {
        if let nextID { return nextID }
        let query = SQLiteBinder(try db.cachedStatement(sql: "SELECT MAX(id) FROM results"), in: db)
        return try (query.singleInt64("find the last result id") ?? 0) + 1
    }

    /// Binds one result's row (`BatchStatements.Table.results` columns); without `full`, NULL headers and
    /// body excerpt.
    private func bindResult(
        _ result: TestResult, id: Int64, runSequence: Int64, assertions: [AssertionResult], full: Bool,
        to row: inout SQLiteBinder, in db: Database
    ) throws {
        let testID = try testID(result.identity, in: db)
        row.bind(id)
        row.bind(runSequence)
        row.bind(testID)
        row.bind(result.line)
        row.bind(result.status.rawValue)
        row.bind(result.attempts)
        row.bind(result.startedAt)
        row.bind(result.durationMs)
        // `TestResult.failureMessages` of the redacted result.
        if let error = result.error {
            row.bind(CompactJSON.array([SinkRedactor.text(error.message)]))
        } else if assertions.contains(where: { !$0.passed }) {
            row.bind(CompactJSON.array(assertions.filter { !$0.passed }.map(\.message)))
        } else {
            row.bind(nil as String?)
        }
        row.bind(result.error?.kind)
        row.bind(result.error?.curlCode)
        row.bind(result.skipReason)
        // Field by field through optional chaining (the result's properties are read in place): binding the
        // whole summary to a constant copied it, retaining and releasing each of its texts and arrays.
        if let url = result.request?.url {
            row.bind(result.request?.method)
            row.bind(SinkRedactor.url(url))
            if full { bindHeaders(result.request?.headers ?? [], to: &row) } else { row.bind(nil as String?) }
        } else {
            row.bind(nil as String?)
            row.bind(nil as String?)
            row.bind(nil as String?)
        }
        if let status = result.response?.status {
            row.bind(status)
            row.bind(result.response?.httpVersion)
            if full {
                bindHeaders(result.response?.headers ?? [], to: &row)
                row.bind(SinkRedactor.text(result.response?.bodyExcerpt ?? ""))
            } else {
                row.bind(nil as String?)
                row.bind(nil as String?)
            }
            row.bind(result.response?.bodyBytes)
            row.bind(result.response?.remoteIP)
            row.bind(result.response?.remotePort)
        } else {
            for _ in 0..<7 { row.bind(nil as String?) }
        }
        if result.captures.isEmpty {
            row.bind(nil as String?)
        } else {
            var captures = result.captures
            for name in result.captures.keys where isSecret(name) { captures[name] = SinkRedactor.mask }
            row.bind(CompactJSON.object(captures))
        }
        if let timing = result.timings {
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
        } else {
            for _ in HistorySchema.timingColumns { row.bind(nil as String?) }
        }
        row.bind(result.assertionCount)
    }

    /// Binds the JSON of a header list, secret values masked as `SinkRedactor.headers` does, built in the
    /// reused buffer (`[]`, most requests' headers, as a constant).
    private func bindHeaders(_ fields: [HeaderField], to row: inout SQLiteBinder) {
        if fields.isEmpty {
            row.bind("[]")
            return
        }
        json.removeAll(keepingCapacity: true)
        CompactJSON.appendHeaders(fields.contains { isSecret($0.name) } ? SinkRedactor.headers(fields) : fields, to: &json)
        row.bindText(json)
    }

    /// Every assertion of the batch, in result and suite order.
    private func insertAssertions(_ lists: [[AssertionResult]], firstID: Int64, in db: Database) throws {
        var list = 0
        var position = 0
        try statements.insert(.assertions, count: lists.reduce(0) { $0 + $1.count }, in: db) { row, _ in
            while position == lists[list].count {
                list += 1
                position = 0
            }
            let assertion = lists[list][position]
            row.bind(firstID + Int64(list))
            row.bind(position)
            row.bind(assertion.kind)
            row.bind(assertion.target)
            row.bind(assertion.predicate)
            row.bind(assertion.expected)
            row.bind(assertion.actual)
            row.bind(assertion.passed)
            row.bind(assertion.message)
            position += 1
        }
    }

    /// The TLS evidence of the batch's HTTPS results, keyed by their result ids.
    private func insertTLS(_ results: UnsafeBufferPointer<TestResult>, firstID: Int64, in db: Database) throws {
        let present = results.indices.compactMap { offset in
            results[offset].tls.map { (offset: offset, tls: $0) }
        }
        try statements.insert(.tls, count: present.count, in: db) { row, index in
            let (offset, tls) = present[index]
            row.bind(firstID + Int64(offset))
            row.bind(tls.protocolVersion)
            row.bind(tls.cipher)
            row.bind(CompactJSON.array(tls.chainPins))
            row.bind(tls.leafSubject)
            row.bind(tls.leafNotAfter)
            row.bind(tls.trusted)
            row.bind(tls.rejectionReason)
        }
    }
}
