import AFHistory
import AFRunner
import Foundation
import Testing

/// The writer inserts results (with their timings), assertions and TLS rows with multi-row statements,
/// assigning result ids itself: every child row must still name its own result, in order, whatever the batch
/// sizes and the detail level.
@Suite("History batch inserts")
struct HistoryBatchInsertTests {
    /// Result `n` (line `n`) has `n % 4` assertions, timings unless `n % 3 == 0`, TLS evidence when `n % 5 == 0`.
    static func mixed(_ count: Int) -> [TestResult] {
        (0..<count).map { n in
            var result = HistoryFixtures.result(
                HistoryFixtures.identity("m\(n)", suite: "Mixed"),
                .passed,
                ms: Double(n),
                line: n
            )
            result.assertions = (0..<(n % 4)).map { k in
                AssertionResult(
                    kind: "json",
                    target: "$.k\(k)",
                    predicate: "equals",
                    expected: "\(n)-\(k)",
                    actual: "\(n)-\(k)",
                    passed: true,
                    message: "$.k\(k) is \(n)-\(k)"
                )
            }
            if n % 3 == 0 { result.timings = nil }
            if n % 5 == 0 {
                result.tls = TLSSummary(
                    protocolVersion: "TLSv1.3",
                    cipher: "C\(n)",
                    chainPins: ["sha256//\(n)"],
                    leafSubject: "CN=\(n)",
                    leafNotAfter: nil,
                    trusted: true,
                    rejectionReason: nil
                )
            }
            return result
        }
    }

    @Test(
        "odd batch sizes: every timing, assertion and TLS row belongs to its result, in suite order",
        arguments: [1, 37, 300],
        [HistoryDetail.all, .failures]
    )
    func childRowsNameTheirResult(count: Int, detail: HistoryDetail) async throws {
        try await HistoryWriterTests.withStartedRun(detail: detail) { store, run, path in
            let all = Self.mixed(count)
            // Uneven hand-overs, so insert passes see many different batch sizes.
            var start = 0
            var step = 1
            while start < all.count {
                try await store.record(contentsOf: Array(all[start..<min(start + step, all.count)]), in: run)
                start += step
                step = step % 23 + 6
            }
            try await store.runDidFinish(run, summary: RunSummary(passed: count), status: .complete)

            let lines = 0..<count
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["\(count)"])
            let assertions = try await SQLite.query(
                path,
                """
                SELECT r.line || ':' || a.position || ':' || a.expected FROM assertions a JOIN results r ON r.id = a.result_id
                ORDER BY a.id
                """
            )
            // Every result passed: `failures` keeps no assertion row, only the count.
            #expect(
                assertions
                    == (detail == .all ? lines.flatMap { n in (0..<(n % 4)).map { k in "\(n):\(k):\(n)-\(k)" } } : [])
            )
            #expect(
                try await SQLite.query(path, "SELECT line || ':' || assertion_count FROM results ORDER BY id")
                    == lines.map { "\($0):\($0 % 4)" }
            )
            let metrics = try await SQLite.query(
                path,
                "SELECT r.line || ':' || m.total_ms FROM metrics m JOIN results r ON r.id = m.result_id ORDER BY r.id"
            )
            #expect(metrics == lines.filter { $0 % 3 != 0 }.map { "\($0):\(Double($0))" })
            let tls = try await SQLite.query(
                path,
                "SELECT r.line || ':' || x.cipher FROM tls x JOIN results r ON r.id = x.result_id ORDER BY r.id"
            )
            #expect(tls == lines.filter { $0 % 5 == 0 }.map { "\($0):C\($0)" })
            #expect(try await SQLite.query(path, "SELECT MAX(id) - MIN(id) + 1 FROM results") == ["\(count)"])
            #expect(try await SQLite.query(path, "PRAGMA foreign_key_check") == [])
        }
    }

    @Test("results handed over faster than the writer stores them all arrive, in order (the run waits for room)")
    func aRecorderAheadOfTheWriterWaitsAndLosesNothing() async throws {
        try await HistoryWriterTests.withStartedRun(detail: .all) { store, run, path in
            let count = 5 * 2_000 + 123
            let all = Self.mixed(count)
            for start in stride(from: 0, to: count, by: 500) {
                try await store.record(contentsOf: Array(all[start..<min(start + 500, count)]), in: run)
            }
            try await store.runDidFinish(run, summary: RunSummary(passed: count), status: .complete)
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["\(count)"])
            #expect(try await SQLite.query(path, "SELECT MIN(line) + 1, MAX(line) + 1 FROM results") == ["1|\(count)"])
        }
    }

    @Test(
        "every value lands in its own column, for a row inserted alone and for rows inserted together",
        arguments: [1, 70]
    )
    func valuesLandInTheirColumns(count: Int) async throws {
        try await HistoryWriterTests.withStartedRun(detail: .all) { store, run, path in
            var result = HistoryFixtures.result(
                HistoryFixtures.identity("cols", suite: "Columns"),
                .error,
                ms: 3.5,
                attempts: 2,
                line: 11
            )
            result.error = TestErrorInfo(kind: "timeout", message: "took too long", curlCode: 28)
            result.request = RequestSummary(
                method: "PATCH",
                url: "http://h.test/p?q=1",
                headers: [HeaderField(name: "A", value: "b")]
            )
            result.response = ResponseSummary(
                status: 418,
                httpVersion: "HTTP/2",
                headers: [HeaderField(name: "C", value: "d")],
                bodyExcerpt: "body!",
                bodyBytes: 5,
                remoteIP: "10.0.0.9",
                remotePort: 4433
            )
            result.timings = TimingSummary(
                dnsMs: 1.25,
                connectMs: 2.25,
                tlsMs: 3.25,
                waitMs: 4.25,
                ttfbMs: 5.25,
                downloadMs: 6.25,
                totalMs: 7.25,
                redirectMs: 8.25,
                queueMs: 9.25,
                redirectCount: 3,
                connectionReused: true,
                requestBytes: 101,
                responseBytes: 202
            )
            result.captures = ["id": "77"]
            try await store.record(contentsOf: Array(repeating: result, count: count), in: run)
            try await store.runDidFinish(run, summary: RunSummary(errors: count), status: .complete)

            let row = try await SQLite.query(
                path,
                """
                SELECT line, status, attempts, duration_ms, failure_messages, error_kind, curl_code, skip_reason IS NULL, method,
                    url, request_headers, response_status, http_version, response_headers, body_excerpt, body_bytes, remote_ip,
                    remote_port, captures, dns_ms, connect_ms, tls_ms, wait_ms, ttfb_ms, download_ms, total_ms, redirect_ms,
                    queue_ms, redirect_count, connection_reused, request_bytes, response_bytes, assertion_count
                FROM results
                """
            )
            let expected = [
                "11", "error", "2", "3.5", #"["took too long"]"#, "timeout", "28", "1", "PATCH", "http://h.test/p?q=1",
                #"[{"name":"A","value":"b"}]"#, "418", "HTTP/2", #"[{"name":"C","value":"d"}]"#, "body!", "5",
                "10.0.0.9", "4433",
                #"{"id":"77"}"#, "1.25", "2.25", "3.25", "4.25", "5.25", "6.25", "7.25", "8.25", "9.25", "3", "1",
                "101", "202", "0",
            ].joined(separator: "|")
            #expect(row == Array(repeating: expected, count: count))
        }
    }

    @Test("foreign keys are on again after a run: pruning cascades to the rows the writer inserted")
    func foreignKeysBackOn() async throws {
        try await HistoryWriterTests.withStartedRun(detail: .all) { store, run, path in
            try await store.record(contentsOf: Self.mixed(40), in: run)
            try await store.runDidFinish(run, summary: RunSummary(passed: 40), status: .complete)
            #expect(try store.prune(keep: 0).deleted == 1)
            #expect(
                try await SQLite.query(
                    path,
                    "SELECT (SELECT COUNT(*) FROM results) + (SELECT COUNT(*) FROM metrics) + (SELECT COUNT(*) FROM assertions) + (SELECT COUNT(*) FROM tls)"
                ) == ["0"]
            )
        }
    }

    @Test("foreign keys are on again after prune's orphan delete (which runs with them off): the next prune cascades")
    func foreignKeysBackOnAfterPrune() async throws {
        try await HistoryWriterTests.withStartedRun(detail: .all) { store, run, path in
            try await store.record(contentsOf: Self.mixed(10), in: run)
            try await store.runDidFinish(run, summary: RunSummary(passed: 10), status: .complete)
            #expect(try store.prune(keep: 1).deleted == 0)
            let second = HistoryFixtures.run()
            try await store.runDidStart(second)
            try await store.record(contentsOf: Self.mixed(10), in: second)
            try await store.runDidFinish(second, summary: RunSummary(passed: 10), status: .complete)
            #expect(try store.prune(keep: 1).deleted == 1)
            #expect(
                try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["10"],
                "the pruned run's results cascaded"
            )
            #expect(try await SQLite.query(path, "PRAGMA foreign_key_check") == [])
        }
    }

    @Test("CHECK constraints are on again for other writes after a run: merging a run with a bad status fails")
    func checkConstraintsBackOn() async throws {
        let shardPath = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(shardPath) }
        let shard = try await HistoryStore.open(path: shardPath)
        _ = try await HistoryFixtures.record(
            shard,
            [HistoryFixtures.result(HistoryFixtures.identity("x", suite: "Bad"), .passed)],
            id: "bad00000-0000"
        )
        try await shard.close()
        // A status the schema's CHECK refuses, written past the check.
        _ = try await SQLite.query(shardPath, "PRAGMA ignore_check_constraints = ON; UPDATE runs SET status = 'bogus'")
        #expect(try await SQLite.query(shardPath, "SELECT status FROM runs") == ["bogus"])

        try await HistoryWriterTests.withStartedRun { store, run, path in
            // The writer's own transactions run with the checks off; they must be on again for the merge.
            try await store.record(contentsOf: Self.mixed(40), in: run)
            try await store.runDidFinish(run, summary: RunSummary(passed: 40), status: .complete)
            #expect(throws: HistoryError.self) { try store.merge(from: shardPath) }
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM runs WHERE status = 'bogus'") == ["0"])
            // And the writer goes on recording after that write (its checks off again, its statements recompiled).
            let second = HistoryFixtures.run()
            try await store.runDidStart(second)
            try await store.record(contentsOf: Self.mixed(20), in: second)
            try await store.runDidFinish(second, summary: RunSummary(passed: 20), status: .complete)
            #expect(try await SQLite.query(path, "SELECT COUNT(*) FROM results") == ["60"])
        }
    }
}
