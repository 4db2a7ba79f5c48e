import FixtureServer
import Foundation
import Testing

/// The terminal summary counts a suite's tests; its setup and teardown tests are counted apart, with their
/// problems, against the fixture server's users API.
@Suite(.serialized) struct PhaseSummaryTests {
    static func suite(_ server: FixtureServer, setupStatus: Int) -> String {
        """
        {"name": "P", "baseURL": "\(server.httpURL.absoluteString)/api",
         "setup": [{"name": "create", "request": {"method": "POST", "url": "users", "json": {"name": "T"}},
                    "expect": {"status": \(setupStatus)}, "capture": {"id": {"json": "$.id"}}}],
         "tests": [{"name": "read", "request": {"url": "users/{{id}}"}, "expect": {"status": 200}},
                   {"name": "list", "request": {"url": "users"}, "expect": {"status": 200}}],
         "teardown": [{"name": "delete", "request": {"method": "DELETE", "url": "users/{{id}}"},
                       "expect": {"status": 204}}]}
        """
    }

    @Test func setupAndTeardownAreCountedApart() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("p.json", Self.suite(server, setupStatus: 201))
            let output = try await AfrunProcess.run(["p.json", "--no-history"], in: folder.url)
            #expect(output.status == 0, "\(output.all)")
            #expect(
                output.stdout.contains("2 passed, 0 failed, 0 errors, 0 skipped, setup 1, teardown 1 in "),
                "\(output.stdout)"
            )
        }
    }

    @Test func aFailingSetupSaysSoBesideTheSkippedTests() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("p.json", Self.suite(server, setupStatus: 418))
            let output = try await AfrunProcess.run(["p.json", "--no-history", "-q"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(
                output.stdout.contains(
                    "0 passed, 0 failed, 0 errors, 2 skipped, setup 1 (1 failed), teardown 1 (1 error) in "
                ),
                "\(output.stdout)"
            )
        }
    }

    @Test func everyReportCountsTheSuitesTestsAsTheTerminalDoes() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("p.json", Self.suite(server, setupStatus: 418))
            let output = try await AfrunProcess.run(
                ["p.json", "--no-history", "-q", "--report-json", "r.json", "--html", "r.html"],
                in: folder.url,
                environment: [
                    "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": folder.url.appendingPathComponent("s.md").path,
                ]
            )
            #expect(output.status == 1, "\(output.all)")
            let line = "0 passed, 0 failed, 0 errors, 2 skipped, setup 1 (1 failed), teardown 1 (1 error)"
            #expect(output.stdout.contains(line + " in "), "\(output.stdout)")

            let summary = try String(contentsOf: folder.url.appendingPathComponent("s.md"), encoding: .utf8)
            #expect(summary.contains("## ❌ afrun: " + line + "\n"), "\(summary)")
            #expect(summary.contains("| 2 | 0 | 0 | 0 | 2 | "), "the table counts the suite's two tests: \(summary)")

            let report =
                try JSONSerialization.jsonObject(
                    with: Data(
                        try String(contentsOf: folder.url.appendingPathComponent("r.json"), encoding: .utf8).utf8
                    )
                ) as? [String: Any]
            let counts = try #require(report?["summary"] as? [String: Any])
            #expect(counts["failed"] as? Int == 1 && counts["errors"] as? Int == 1 && counts["total"] as? Int == 4)
            #expect((counts["tests"] as? [String: Any])?["skipped"] as? Int == 2)
            #expect((counts["tests"] as? [String: Any])?["total"] as? Int == 2)
            #expect((counts["setup"] as? [String: Any])?["failed"] as? Int == 1)
            #expect((counts["teardown"] as? [String: Any])?["errors"] as? Int == 1)

            let html = try String(contentsOf: folder.url.appendingPathComponent("r.html"), encoding: .utf8)
            #expect(html.contains(#"data-count="total"><b>2</b><span>tests</span>"#), "the page counts two tests")
            #expect(html.contains(#"data-count="setup"><b>1</b><span>setup: 1 failed</span>"#))
            #expect(html.contains(#"data-count="teardown"><b>1</b><span>teardown: 1 error</span>"#))
        }
    }
}
