import AFHistory
import AFRunner
import Foundation
import Testing

@Suite("Secrets never reach the history")
struct HistoryRedactionTests {
    static let secret = "tok-9f8e7d6c5b4a"

    @Test("secret headers, query values, captures and JSON members are masked before storing")
    func redactsBeforeStoring() async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path)
        var result = HistoryFixtures.result(HistoryFixtures.identity("login"), .failed)
        result.request = RequestSummary(
            method: "POST",
            url: "https://user:\(Self.secret)@api.test/login?api_key=\(Self.secret)&page=2",
            headers: [
                HeaderField(name: "Authorization", value: "Bearer \(Self.secret)"),
                HeaderField(name: "X-Custom-Token", value: Self.secret),
                HeaderField(name: "Accept", value: "application/json"),
            ],
            bodyExcerpt: #"{"user": "ann", "password": "\#(Self.secret)"}"#
        )
        result.response = ResponseSummary(
            status: 200,
            httpVersion: "HTTP/2",
            headers: [HeaderField(name: "Set-Cookie", value: "sid=\(Self.secret)")],
            bodyExcerpt: #"{"access_token":"\#(Self.secret)","expires":3600}"#,
            bodyBytes: 50
        )
        result.captures = ["sessionToken": Self.secret, "userId": "42"]
        result.assertions.append(
            AssertionResult(
                kind: "header",
                target: "Authorization",
                predicate: "equals",
                expected: "Bearer \(Self.secret)",
                actual: "Bearer \(Self.secret)x",
                passed: false,
                message: "Authorization: expected Bearer \(Self.secret)"
            )
        )
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(result, in: run)
        try await store.runDidFinish(run, summary: RunSummary(failed: 1), status: .complete)
        try await store.close()

        let dump = try await SQLite.query(path, ".dump").joined(separator: "\n")
        #expect(!dump.contains(Self.secret), "a secret reached the database")
        #expect(!dump.contains("s3cr3t"), "the command line's secret reached the database")
        #expect(dump.contains("***"))
        #expect(dump.contains("page=2"), "non-secret query items stay")
        #expect(dump.contains("application/json"), "non-secret headers stay")
        #expect(dump.contains("\"userId\":\"42\""))
    }

    @Test(
        "a result stored without its detail still has its URL and captures masked, and nothing else of it kept",
        arguments: [TestStatus.passed, .skipped]
    )
    func redactsWithoutDetail(status: TestStatus) async throws {
        let path = HistoryFixtures.databasePath()
        defer { HistoryFixtures.remove(path) }
        let store = try await HistoryStore.open(path: path, detail: .failures)
        var result = HistoryFixtures.result(HistoryFixtures.identity("login"), status)
        result.request = RequestSummary(
            method: "GET",
            url: "https://user:\(Self.secret)@api.test/login?api_key=\(Self.secret)&page=2",
            headers: [HeaderField(name: "Authorization", value: "Bearer \(Self.secret)")],
            bodyExcerpt: nil
        )
        result.response = ResponseSummary(
            status: 200,
            httpVersion: "HTTP/2",
            headers: [HeaderField(name: "Set-Cookie", value: "sid=\(Self.secret)")],
            bodyExcerpt: #"{"access_token":"\#(Self.secret)"}"#,
            bodyBytes: 30
        )
        result.captures = ["sessionToken": Self.secret, "userId": "42"]
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(result, in: run)
        try await store.runDidFinish(run, summary: RunSummary(passed: 1), status: .complete)
        try await store.close()

        let dump = try await SQLite.query(path, ".dump").joined(separator: "\n")
        #expect(!dump.contains(Self.secret), "a secret reached the database")
        #expect(
            try await SQLite.query(path, "SELECT url LIKE '%page=2%', captures FROM results") == [
                #"1|{"sessionToken":"***","userId":"42"}"#
            ]
        )
        #expect(
            try await SQLite.query(
                path,
                "SELECT request_headers IS NULL AND response_headers IS NULL AND body_excerpt IS NULL FROM results"
            ) == ["1"]
        )
    }

    @Test(
        "header and option names that look secret",
        arguments: [
            ("Authorization", true), ("cookie", true), ("X-API-Key", true), ("x-refresh-token", true),
            ("Content-Type", false), ("Accept", false), ("X-Request-Id", false),
        ]
    )
    func secretNames(name: String, secret: Bool) {
        #expect(SinkRedactor.isSecretName(name) == secret)
    }

    @Test(
        "the fast paths mask what the full rules mask",
        arguments: [
            ("a=1&PASSWORD=hunter2", "hunter2"), (#"{"Api_Key": "k-123"}"#, "k-123"),
            ("sessionid=abc42 next", "abc42"), ("to\u{212A}en=kelvin-value", "kelvin-value"),
        ]
    )
    func textRules(text: String, secret: String) {
        #expect(!SinkRedactor.text(text).contains(secret), "\(SinkRedactor.text(text))")
    }

    @Test(
        "URLs: secret query names in any case or percent-encoded, and passwords, are masked",
        arguments: [
            ("https://api.test/x?Access_TOKEN=t-1", "t-1"), ("https://api.test/x?%74oken=t-2", "t-2"),
            ("https://u:p-3@api.test/", "p-3"), ("https://api.test/x?q=1&apikey=t-4", "t-4"),
            ("https://api.test/auth?page=1&Session_Id=s-5#top", "s-5"),
            ("https://api.test/x?q=%C3%A9&token=t-6", "t-6"),
        ]
    )
    func urls(url: String, secret: String) {
        #expect(!SinkRedactor.url(url).contains(secret), "\(SinkRedactor.url(url))")
    }

    @Test("URLs and texts without a secret come back unchanged")
    func unchanged() {
        let url = "http://127.0.0.1:8080/item.json?i=42&page=2"
        #expect(SinkRedactor.url(url) == url)
        // Secret-looking words outside the query (path, fragment) name no query item.
        for other in [
            "https://api.test/auth/token/item?page=2", "https://api.test/x?page=2#token=t",
            "https://api.test/session#a?token=t",
        ] {
            #expect(SinkRedactor.url(other) == other)
        }
        let text = #"{"id":1,"name":"alice","tags":["a","b"]}"#
        #expect(SinkRedactor.text(text) == text)
    }
}
