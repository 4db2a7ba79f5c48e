import Foundation
import TestSupport
import Testing

/// `afrun run --html` and `afrun history report --html` end to end: the built binary against the fixture
/// server, the page rendered in headless Chromium.
@Suite(.serialized) struct HTMLReportRunTests {
    static func suite(base: String) -> String {
        #"""
        {"name": "Mixed <&>", "baseURL": "\#(base)", "tests": [
          {"name": "ok", "request": {"url": "anything/ok"}, "expect": {"status": 200}},
          {"name": "json differs", "request": {"url": "anything/j", "query": {"a": "1"}},
           "expect": {"status": 200, "json": [{"path": "$.args", "equals": {"a": "2"}}]}},
          {"name": "nobody listens", "request": {"url": "http://127.0.0.1:9/"}},
          {"name": "skipped one", "skip": true, "request": {"url": "anything/s"}}
        ]}
        """#
    }

    @Test func reportOfARunMatchesItsSummary() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("mixed.json", Self.suite(base: server.httpURL.absoluteString))
            let output = try await AfrunProcess.run(
                ["mixed.json", "--no-history", "--html", "out/report.html"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            let file = folder.url.appendingPathComponent("out/report.html")
            let dom = try await HeadlessBrowser.dumpDOM(file)
            for (key, value) in [("total", 4), ("passed", 1), ("failed", 1), ("error", 1), ("skipped", 1)] {
                #expect(dom.contains("data-count=\"\(key)\"><b>\(value)</b>"), "\(key): \(output.stdout)")
            }
            #expect(output.stdout.contains("1 passed"), "\(output.stdout)")
            #expect(dom.components(separatedBy: "<tr class=\"s-").count - 1 == 4)
            #expect(dom.contains("Mixed &lt;&amp;&gt;"))
            // The JSON diff of the failed assertion, the error's kind, the request and the response.
            #expect(dom.contains("JSON diff") && dom.contains("<span class=\"add\">"))
            #expect(dom.contains("cannotConnect") || dom.contains("unreachable"))
            #expect(dom.contains("mixed.json:"))
            #expect(try await HeadlessBrowser.htmlProblems(file) == "")
        }
    }

    @Test func repeatedRunsShareOnePage() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("mixed.json", Self.suite(base: server.httpURL.absoluteString))
            let output = try await AfrunProcess.run(
                ["mixed.json", "--no-history", "--repeat", "2", "--html", "r.html"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            let dom = try await HeadlessBrowser.dumpDOM(folder.url.appendingPathComponent("r.html"))
            #expect(dom.components(separatedBy: "<tr class=\"s-").count - 1 == 8)
            #expect(dom.contains("data-count=\"total\"><b>8</b>"))
            #expect(dom.contains("2 runs (--repeat)"))
        }
    }

    @Test func eachShardWritesItsOwnPageAndTheHistoryReportMergesThem() async throws {
        try await withPlainFixture { folder, server in
            // Parallel, so that its tests spread over both shards (a sequential suite stays on one).
            let parallel = Self.suite(base: server.httpURL.absoluteString)
                .replacingOccurrences(of: #""tests": ["#, with: #""parallel": true, "tests": ["#)
            try folder.write("mixed.json", parallel)
            let commit = ["GITHUB_SHA": "0123456789abcdef0123456789abcdef01234567"]
            for shard in ["1/2", "2/2"] {
                let name = "shard-\(shard.prefix(1)).html"
                let output = try await AfrunProcess.run(
                    ["mixed.json", "--db", "h.sqlite", "--shard", shard, "--html", name],
                    in: folder.url,
                    environment: commit
                )
                #expect(output.status <= 1, "\(output.all)")
                let dom = try await HeadlessBrowser.dumpDOM(folder.url.appendingPathComponent(name))
                #expect(dom.contains("<dt>Shard</dt><dd>\(shard)</dd>"), "\(dom.prefix(3000))")
            }
            let history = try await AfrunProcess.run(
                ["history", "report", "--db", "h.sqlite", "--html", "history.html"],
                in: folder.url
            )
            #expect(history.status == 0, "\(history.all)")
            #expect(history.stdout.contains("wrote history.html: 1 run\n"), "\(history.stdout)")
            let mistyped = try await AfrunProcess.run(
                ["history", "report", "--db", "h.sqlite", "--html", "none.html", "--suite", "Nope"],
                in: folder.url
            )
            #expect(mistyped.status == 2, "\(mistyped.all)")
            #expect(mistyped.stderr.contains("no results of --suite 'Nope' in the last run;"), "\(mistyped.all)")
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("none.html").path))
            let file = folder.url.appendingPathComponent("history.html")
            let dom = try await HeadlessBrowser.dumpDOM(file)
            #expect(dom.contains("(2 shards)"))
            for section in ["pass-rate", "compare", "flaky", "slowest", "trends"] {
                #expect(dom.contains("id=\"\(section)\""), "\(section)")
            }
            #expect(try await HeadlessBrowser.htmlProblems(file) == "")
        }
    }

    @Test func historyReportComparesTheLastTwoRuns() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("mixed.json", Self.suite(base: server.httpURL.absoluteString))
            for _ in 0..<2 {
                _ = try await AfrunProcess.run(["mixed.json", "--db", "h.sqlite"], in: folder.url)
            }
            let output = try await AfrunProcess.run(
                ["history", "report", "--db", "h.sqlite", "--html", "h.html", "--suite", "Mixed <&>"],
                in: folder.url
            )
            #expect(output.status == 0, "\(output.all)")
            let dom = try await HeadlessBrowser.dumpDOM(folder.url.appendingPathComponent("h.html"))
            #expect(dom.contains("Last run against the one before"))
            #expect(dom.contains("New failures (0)"))
            // Two runs, each with one of its three run tests passing.
            #expect(dom.components(separatedBy: "33.3%").count - 1 == 2, "\(dom)")
            #expect(dom.contains("<polyline") && dom.contains("<polygon"))
        }
    }
}
