import FixtureServer
import Foundation
import Testing

/// `afrun run` with a suite that does not load beside one that passes: the step exits 2, and every report
/// says why, so a CI test view and summary are not green.
@Suite("A suite that does not load, in the run's reports")
struct LoadFailureReportRunTests {
    @Test("JUnit, the JSON report, the HTML page and GitHub Actions name the file, line and problem")
    func everyReportNamesIt() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "ok.json",
                """
                {"name": "fine", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "get", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            try folder.write("broken.json", #"{"name": "broken", "tests": [{"name": "x", "request": {"url": 5}}]}"#)
            let summary = folder.url.appendingPathComponent("summary.md")
            let output = try await AfrunProcess.run(
                [
                    "ok.json", "broken.json", "--no-history", "--junit", "junit.xml", "--report-json", "report.json",
                    "--html", "report.html",
                ],
                in: folder.url,
                environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path]
            )
            #expect(output.status == 2, "\(output.all)")
            #expect(
                output.stdout.contains(
                    "::error file=broken.json,line=1,col=63,title=afrun%3A suite does not load::expected a string for `url`, found a number"
                ),
                "\(output.stdout)"
            )
            let read = { (name: String) in
                try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
            }
            let junit = try read("junit.xml")
            #expect(junit.contains(#"<testcase classname="broken.json" name="suite does not load""#), "\(junit)")
            #expect(junit.contains(#"message="broken.json:1:63: expected a string for `url`, found a number""#))
            let report = try read("report.json")
            #expect(report.contains(#""loadErrors" : ["#) && report.contains(#""column" : 63"#), "\(report)")
            let html = try read("report.html")
            #expect(html.contains("Suites that did not load (1)") && html.contains(#"id="verdict">failed<"#))
            let markdown = try String(contentsOf: summary, encoding: .utf8)
            #expect(markdown.hasPrefix("## ❌ afrun: 1 passed"), "\(markdown)")
            #expect(markdown.contains("<code>broken.json:1:63</code>"), "\(markdown)")
        }
    }
}
