import FixtureServer
import Foundation
import Testing

/// `tags`, `--tag` and `--exclude-tag` end to end: which tests run, and where the tags show.
@Suite(.serialized) struct TagTests {
    static func suite(_ server: FixtureServer) -> String {
        """
        {"name": "T", "baseURL": "\(server.httpURL.absoluteString)", "tags": ["api"], "tests": [
          {"name": "quick", "tags": ["smoke"], "request": {"url": "get"}, "expect": {"status": 200}},
          {"name": "slow one", "tags": ["smoke", "slow"], "request": {"url": "get"}, "expect": {"status": 200}},
          {"name": "plain", "request": {"url": "status/500"}, "expect": {"status": 200}}
        ]}
        """
    }

    @Test("--tag runs the tests with any selected tag; --exclude-tag leaves out those with one")
    func tagAndExcludeTagSelect() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(server))
            let smoke = try await AfrunProcess.run(["s.json", "--no-history", "--tag", "smoke"], in: folder.url)
            #expect(smoke.status == 0, "\(smoke.all)")
            #expect(smoke.stdout.contains("2 passed"), "\(smoke.stdout)")
            let fast = try await AfrunProcess.run(
                ["s.json", "--no-history", "--tag", "smoke", "--exclude-tag", "slow"],
                in: folder.url
            )
            #expect(fast.stdout.contains("1 passed"), "\(fast.stdout)")
            #expect(!fast.stdout.contains("slow one"), "\(fast.stdout)")
            // The suite's tag counts for every test of it; the excluded tag wins.
            let suiteTag = try await AfrunProcess.run(
                ["s.json", "--no-history", "--tag", "api", "--exclude-tag", "smoke"],
                in: folder.url
            )
            #expect(suiteTag.status == 1, "only `plain` ran, and failed: \(suiteTag.all)")
            #expect(suiteTag.stdout.contains("0 passed, 1 failed"), "\(suiteTag.stdout)")
            let none = try await AfrunProcess.run(["s.json", "--no-history", "--tag", "nightly"], in: folder.url)
            #expect(none.status == 4, "\(none.all)")
            #expect(none.stderr.contains("--tag nightly matched none of the 3 tests"), "\(none.stderr)")
        }
    }

    @Test("a malformed --tag is a usage error that says how to pass several")
    func malformedTagIsRefused() async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        let output = try await AfrunProcess.run(["s.json", "--no-history", "--tag", "smoke,slow"], in: folder.url)
        #expect(output.status == 64, "\(output.all)")
        #expect(output.stderr.contains("--tag 'smoke,slow' is not a tag name"), "\(output.stderr)")
    }

    @Test("tags are in the JUnit properties, the JSON report and the history")
    func tagsAreReportedAndRecorded() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(server))
            let output = try await AfrunProcess.run(
                ["s.json", "--db", "h.sqlite", "--junit", "r.xml", "--report-json", "r.json", "--exclude-tag", "slow"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            let xml = try String(contentsOf: folder.url.appendingPathComponent("r.xml"), encoding: .utf8)
            #expect(xml.contains(#"<property name="quick.tags" value="api,smoke"/>"#), "\(xml)")
            #expect(xml.contains(#"<property name="plain.tags" value="api"/>"#), "\(xml)")
            let data = try Data(contentsOf: folder.url.appendingPathComponent("r.json"))
            let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let suites = try #require(report["suites"] as? [[String: Any]])
            let results = try #require(suites.first?["results"] as? [[String: Any]])
            let tags = Dictionary(
                uniqueKeysWithValues: results.map {
                    (($0["identity"] as? [String: Any])?["testName"] as? String ?? "", $0["tags"] as? [String] ?? [])
                }
            )
            #expect(tags == ["quick": ["api", "smoke"], "plain": ["api"]], "\(results)")
            let db = folder.url.appendingPathComponent("h.sqlite").path
            let stored = try await HistoryChild.sqlite(
                db,
                "SELECT name || '=' || COALESCE(tags, 'NULL') FROM tests ORDER BY name"
            )
            #expect(stored.output == "plain=[\"api\"]\nquick=[\"api\",\"smoke\"]", "\(stored.output)")

            // Tags changed in the file are the test's tags from its next recorded result on.
            try folder.write("s.json", Self.suite(server).replacingOccurrences(of: #""tags": ["api"], "#, with: ""))
            _ = try await AfrunProcess.run(["s.json", "--db", "h.sqlite", "--filter", "quick"], in: folder.url)
            let changed = try await HistoryChild.sqlite(
                db,
                "SELECT COALESCE(tags, 'NULL') FROM tests WHERE name = 'quick'"
            )
            #expect(changed.output == "[\"smoke\"]", "\(changed.output)")
        }
    }
}
