import AFReports
import AFRunner
import Foundation
import Synchronization
import Testing

/// A suite file that does not load shows in every report, so a CI test view is not green while the step
/// exits 2.
@Suite("Suites that did not load, in every report")
struct LoadFailureReportTests {
    static let failures = [
        SuiteLoadFailure(
            file: "suites/broken <&>.json",
            line: 1,
            column: 63,
            message: "expected a string for `url`, found a number",
            fix: "write a string for `url`"
        ),
        SuiteLoadFailure(file: "suites/broken <&>.json", line: 4, column: 9, message: "unknown key `expct`"),
        SuiteLoadFailure(file: "suites/missing.json", message: "No such file or directory"),
    ]

    @Test(
        "JUnit: a testsuite per file with one errored test case listing each problem; both schemas accept it",
        arguments: [
            (JUnitReporter.Dialect.portable, "windyroad-junit.xsd"), (.portable, "jenkins-xunit-junit-10.xsd"),
            (.jenkins, "jenkins-xunit-junit-10.xsd"),
        ]
    )
    func junit(dialect: JUnitReporter.Dialect, schema: String) async throws {
        let path = ReportFixtures.temporaryFile("junit.xml")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try await ReportFixtures.feed(JUnitReporter(path: path, dialect: dialect, loadFailures: Self.failures))
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            xml.contains(
                #"<testsuite name="suites/broken &lt;&amp;&gt;.json" package="suites/broken &lt;&amp;&gt;.json""#
            ),
            "\(xml)"
        )
        #expect(xml.contains(#"<testcase classname="suites/missing.json" name="suite does not load""#), "\(xml)")
        #expect(
            xml.contains(
                #"<error message="suites/broken &lt;&amp;&gt;.json:1:63: expected a string for `url`, found a number (and 1 more)" type="suiteDoesNotLoad">"#
            ),
            "\(xml)"
        )
        #expect(
            xml.contains("  fix: write a string for `url`\nsuites/broken &lt;&amp;&gt;.json:4:9: unknown key `expct`")
        )
        #expect(xml.components(separatedBy: "name=\"suite does not load\"").count == 3, "\(xml)")
        if dialect == .jenkins {
            // The totals on <testsuites> count the two unloaded files as errors.
            #expect(xml.contains(#"<testsuites name="afrun" tests="7" failures="1" errors="3""#), "\(xml)")
        }
        let xsd = ReportFixtures.repositoryRoot.appendingPathComponent("fixtures/junit/\(schema)").path
        let result = try await ReportFixtures.run("xmllint", ["--noout", "--schema", xsd, path])
        #expect(result.status == 0, "\(schema): \(result.output)")
    }

    @Test("JSON: loadErrors lists each problem with its place and fix, and is absent when every suite loaded")
    func json() async throws {
        let path = ReportFixtures.temporaryFile("report.json")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try await ReportFixtures.feed(JSONReporter(path: path, loadFailures: Self.failures))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let errors = try #require((object as? [String: Any])?["loadErrors"] as? [[String: Any]])
        #expect(errors.count == 3)
        #expect(errors.first?["file"] as? String == "suites/broken <&>.json")
        #expect(errors.first?["line"] as? Int == 1 && errors.first?["column"] as? Int == 63)
        #expect(errors.first?["fix"] as? String == "write a string for `url`")
        #expect(errors.last?["line"] == nil && errors.last?["message"] as? String == "No such file or directory")

        try await ReportFixtures.feed(JSONReporter(path: path))
        let clean = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect((clean as? [String: Any])?["loadErrors"] == nil)
    }

    @Test("HTML: a section names each file and problem, escaped, and the verdict is failed though every test passed")
    func html() {
        let passed = TestResult(identity: ReportFixtures.identity("ok"), line: 2, status: .passed)
        let page = HTMLReporter.page(
            run: ReportFixtures.run,
            summary: RunSummary(passed: 1),
            status: .complete,
            results: [passed],
            loadFailures: Self.failures
        )
        #expect(page.contains(#"<section id="unloaded"><h2>Suites that did not load (2)</h2>"#), "\(page)")
        #expect(page.contains("suites/broken &lt;&amp;&gt;.json:1:63 · fix: write a string for `url`"))
        #expect(page.contains("<div class=\"message\">unknown key `expct`</div>"))
        #expect(page.contains(#"id="verdict">failed<"#))
        let clean = HTMLReporter.page(
            run: ReportFixtures.run,
            summary: RunSummary(passed: 1),
            status: .complete,
            results: [passed]
        )
        #expect(!clean.contains("id=\"unloaded\"") && clean.contains(#"id="verdict">passed<"#))
    }

    @Test("GitHub: an ::error on each problem's line, once; the summary is red and lists them")
    func gitHub() async throws {
        let path = ReportFixtures.temporaryFile("summary.md")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
            withIntermediateDirectories: true
        )
        let lines = Mutex<[String]>([])
        let reporter = GitHubActionsReporter(
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/w", "GITHUB_STEP_SUMMARY": path],
            output: { line in lines.withLock { $0.append(line) } }
        )
        var absolute = Self.failures
        absolute[0].file = "/w/" + absolute[0].file
        reporter.suitesDidNotLoad(absolute)
        reporter.suitesDidNotLoad(absolute)
        let annotations = lines.withLock { $0 }
        #expect(annotations.count == 3, "\(annotations)")
        #expect(
            annotations.first
                == "::error file=suites/broken <&>.json,line=1,col=63,title=afrun%3A suite does not load::expected a string for `url`, found a number%0Afix: write a string for `url`"
        )
        #expect(
            annotations.last
                == "::error file=suites/missing.json,title=afrun%3A suite does not load::No such file or directory"
        )

        let passed = TestResult(identity: ReportFixtures.identity("ok"), line: 2, status: .passed)
        try await reporter.runDidStart(ReportFixtures.run)
        try await reporter.record(passed, in: ReportFixtures.run)
        try await reporter.runDidFinish(ReportFixtures.run, summary: RunSummary(passed: 1), status: .complete)
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(markdown.hasPrefix("## ❌ afrun: 1 passed, 0 failed, 0 errors, 0 skipped\n"), "\(markdown)")
        #expect(
            markdown.contains(
                "| 💥 <code>suites/broken &lt;&amp;&gt;.json:1:63</code> | expected a string for \\`url\\`, found a number (fix: write a string for \\`url\\`) |"
            ),
            "\(markdown)"
        )
    }
}
