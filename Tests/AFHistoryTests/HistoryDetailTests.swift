import AFHistory
import AFRunner
import Foundation
import Testing

/// `HistoryDetail`: what a passing result keeps with `failures` (the default) and with `all`.
@Suite("History detail levels")
struct HistoryDetailTests {
    /// A passing and a failing result, each with request and response headers, a body excerpt and two
    /// assertions.
    static func pair() -> [TestResult] {
        [TestStatus.passed, .failed].map { status in
            var result = HistoryFixtures.result(HistoryFixtures.identity(status.rawValue), status)
            result.response?.headers = [HeaderField(name: "Content-Type", value: "application/json")]
            result.response?.bodyExcerpt = #"{"id":1}"#
            result.assertions.append(
                AssertionResult(
                    kind: "header",
                    target: "Content-Type",
                    predicate: "contains",
                    expected: "json",
                    actual: "application/json",
                    passed: true,
                    message: "Content-Type contains json"
                )
            )
            result.captures = ["id": "1"]
            return result
        }
    }

    /// The columns a lean row leaves out, and those it keeps, of the result of test `name`.
    static func row(_ path: String, _ name: String) async throws -> String {
        try await SQLite.query(
            path,
            """
            SELECT r.request_headers IS NULL, r.response_headers IS NULL, r.body_excerpt IS NULL,
                (SELECT COUNT(*) FROM assertions a WHERE a.result_id = r.id), r.assertion_count,
                r.status, r.response_status, r.http_version, r.remote_ip, r.remote_port, r.body_bytes, r.method, r.url,
                r.captures, r.total_ms IS NOT NULL
            FROM results r JOIN tests t ON t.id = r.test_id WHERE t.name = '\(name)'
            """
        ).joined()
    }

    @Test("failures: a passing result keeps no headers, excerpt or assertion rows; a failing one keeps all")
    func failuresLevel() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path, detail: .failures)
        defer { try? store.close() }
        try await HistoryFixtures.record(store, Self.pair())
        #expect(
            try await Self.row(path, "passed")
                == #"1|1|1|0|2|passed|200|HTTP/1.1|127.0.0.1|8443|2|GET|https://api.test/users/1|{"id":"1"}|1"#
        )
        #expect(
            try await Self.row(path, "failed")
                == #"0|0|0|2|2|failed|500|HTTP/1.1|127.0.0.1|8443|2|GET|https://api.test/users/1|{"id":"1"}|1"#
        )
        #expect(try await SQLite.query(path, "SELECT history_detail FROM runs") == ["failures"])
        let shown = try store.results(ofRun: "latest")
        #expect(shown.run.historyDetail == .failures)
        #expect(shown.results.map(\.detailKept) == [false, true])
        #expect(shown.results.map(\.assertionCount) == [2, 2])
        #expect(shown.results[1].failureMessages == ["status: expected 200, got 500"])
    }

    @Test("all: every result keeps its headers, excerpt and assertion rows")
    func allLevel() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path, detail: .all)
        defer { try? store.close() }
        try await HistoryFixtures.record(store, Self.pair())
        #expect(
            try await Self.row(path, "passed")
                == #"0|0|0|2|2|passed|200|HTTP/1.1|127.0.0.1|8443|2|GET|https://api.test/users/1|{"id":"1"}|1"#
        )
        #expect(
            try await Self.row(path, "failed")
                == #"0|0|0|2|2|failed|500|HTTP/1.1|127.0.0.1|8443|2|GET|https://api.test/users/1|{"id":"1"}|1"#
        )
        #expect(
            try await SQLite.query(path, "SELECT response_headers FROM results")
                == Array(repeating: #"[{"name":"Content-Type","value":"application/json"}]"#, count: 2)
        )
        #expect(try await SQLite.query(path, "SELECT history_detail FROM runs") == ["all"])
        #expect(try store.results(ofRun: "latest").results.map(\.detailKept) == [true, true])
    }

    @Test(
        "the level: the flag, else AFRUN_HISTORY_DETAIL, else failures",
        arguments: [
            (HistoryDetail?.none, [String: String](), HistoryDetail?.some(.failures)),
            (.all, [:], .all),
            (.failures, ["AFRUN_HISTORY_DETAIL": "all"], .failures),
            (nil, ["AFRUN_HISTORY_DETAIL": "all"], .all),
            (nil, ["AFRUN_HISTORY_DETAIL": "ALL"], .all),
            (nil, ["AFRUN_HISTORY_DETAIL": ""], .failures),
            (nil, ["AFRUN_HISTORY_DETAIL": "everything"], nil),
        ]
    )
    func resolve(flag: HistoryDetail?, environment: [String: String], expected: HistoryDetail?) {
        let level = try? HistoryDetail.resolve(flag: flag, environment: environment)
        #expect(level == expected)
    }

    @Test("which statuses keep their detail", arguments: TestStatus.allCases)
    func keepsDetail(status: TestStatus) {
        #expect(HistoryDetail.all.keepsDetail(of: status))
        #expect(HistoryDetail.failures.keepsDetail(of: status) == (status == .failed || status == .error))
    }
}
