import FixtureServer
import Foundation
import Testing

/// `--history-detail` and `AFRUN_HISTORY_DETAIL` through the built `afrun`: what a passing and a failing
/// result keep in the database, and what `history show` says about it.
@Suite(.serialized) struct HistoryDetailRunTests {
    static func suite(_ base: String) -> String {
        """
        {"name": "Detail", "baseURL": "\(base)", "tests": [
          {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200, "headers": {"Content-Type": {"contains": "json"}}}},
          {"name": "bad", "request": {"url": "status/500"}, "expect": {"status": 200}},
          {"name": "quick", "request": {"url": "get?q=1"},
           "expect": {"status": 200, "contentType": "application/json", "json": [{"path": "$.url", "exists": true}]}}
        ]}
        """
    }

    /// Per test: headers kept, excerpt kept, assertion rows, assertion_count, a timing present.
    static func kept(_ database: URL) async throws -> [String] {
        try await sqlite(
            database,
            """
            SELECT t.name, r.response_headers IS NOT NULL, r.body_excerpt IS NOT NULL,
                (SELECT COUNT(*) FROM assertions a WHERE a.result_id = r.id), r.assertion_count, r.total_ms > 0
            FROM results r JOIN tests t ON t.id = r.test_id ORDER BY t.name
            """
        )
    }

    static func sqlite(_ database: URL, _ sql: String) async throws -> [String] {
        try await HistoryChild.sqlite(database.path, sql).output.split(separator: "\n").map(String.init)
    }

    @Test("by default a passing result keeps status and timings only; --history-detail all keeps everything")
    func detailLevels() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(server.httpURL.absoluteString))
            let lean = try await AfrunProcess.run(["s.json", "--db", "lean.sqlite"], in: folder.url)
            #expect(lean.status == 1, "\(lean.all)")
            #expect(
                try await Self.kept(folder.url.appendingPathComponent("lean.sqlite")) == [
                    "bad|1|1|1|1|1", "ok|0|0|0|2|1", "quick|0|0|0|3|1",
                ]
            )
            // A passed result whose assertions were checked without their texts still keeps the request and the
            // response's summary (the runner builds what the history stores at this level, no more).
            #expect(
                try await Self.sqlite(
                    folder.url.appendingPathComponent("lean.sqlite"),
                    """
                    SELECT r.method, r.url LIKE '%/get?q=1', r.response_status, r.http_version, r.body_bytes > 0,
                        r.remote_ip IS NOT NULL, r.request_headers IS NULL
                    FROM results r JOIN tests t ON t.id = r.test_id WHERE t.name = 'quick'
                    """
                ) == ["GET|1|200|HTTP/1.1|1|1|1"]
            )
            #expect(
                try await Self.sqlite(
                    folder.url.appendingPathComponent("lean.sqlite"),
                    "SELECT history_detail FROM runs"
                )
                    == ["failures"]
            )
            let shown = try await AfrunProcess.run(["history", "show", "--db", "lean.sqlite"], in: folder.url)
            #expect(shown.status == 0, "\(shown.all)")
            #expect(shown.stdout.contains("not kept for passing results"), "\(shown.stdout)")

            let full = try await AfrunProcess.run(
                ["s.json", "--db", "full.sqlite", "--history-detail", "all"],
                in: folder.url
            )
            #expect(full.status == 1, "\(full.all)")
            #expect(
                try await Self.kept(folder.url.appendingPathComponent("full.sqlite")) == [
                    "bad|1|1|1|1|1", "ok|1|1|2|2|1", "quick|1|1|3|3|1",
                ]
            )
            let fullShown = try await AfrunProcess.run(["history", "show", "--db", "full.sqlite"], in: folder.url)
            #expect(!fullShown.stdout.contains("not kept"), "\(fullShown.stdout)")

            let fromEnvironment = try await AfrunProcess.run(
                ["s.json", "--db", "env.sqlite"],
                in: folder.url,
                environment: ["AFRUN_HISTORY_DETAIL": "all"]
            )
            #expect(fromEnvironment.status == 1, "\(fromEnvironment.all)")
            #expect(
                try await Self.sqlite(
                    folder.url.appendingPathComponent("env.sqlite"),
                    "SELECT history_detail FROM runs"
                ) == [
                    "all"
                ]
            )
        }
    }

    @Test("an unknown level is a usage error naming the variable; --help documents the flag")
    func badLevel() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write("s.json", #"{"name": "S", "tests": []}"#)
        let bad = try await AfrunProcess.run(
            ["s.json", "--db", "h.sqlite"],
            in: folder.url,
            environment: ["AFRUN_HISTORY_DETAIL": "most"]
        )
        #expect(bad.status == 64, "\(bad.all)")
        #expect(bad.all.contains("AFRUN_HISTORY_DETAIL=most"), "\(bad.all)")
        let flag = try await AfrunProcess.run(["s.json", "--history-detail", "most"], in: folder.url)
        #expect(flag.status != 0 && flag.all.contains("history-detail"), "\(flag.all)")
        let help = try await AfrunProcess.run(["run", "--help"], in: folder.url)
        #expect(help.stdout.contains("--history-detail") && help.stdout.contains("AFRUN_HISTORY_DETAIL"), "\(help.all)")
    }
}
