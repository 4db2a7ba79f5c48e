import AFReports
import AFRunner
import Foundation
import Synchronization
import Testing

@Suite("GitHub Actions annotations and summary")
struct GitHubActionsReporterTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// A step summary path in a folder of its own (removed with `ReportFixtures.removeTemporaryFile`).
    static func summaryFile() throws -> String {
        let path = ReportFixtures.temporaryFile("summary.md")
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
            withIntermediateDirectories: true
        )
        return path
    }

    @Test(
        "enabled only when GITHUB_ACTIONS is true",
        arguments: [(["GITHUB_ACTIONS": "true"], true), (["GITHUB_ACTIONS": "false"], false), ([:], false)]
    )
    func enabled(environment: [String: String], expected: Bool) {
        #expect(GitHubActionsReporter.isEnabled(environment: environment) == expected)
    }

    @Test("one ::error per failure or error at the test's line, ::warning for a retried pass, escaped")
    func annotations() async throws {
        let lines = Lines()
        let reporter = GitHubActionsReporter(
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/work/repo"],
            output: { lines.append($0) }
        )
        try await ReportFixtures.feed(reporter)
        #expect(
            lines.all == [
                "::error file=suites/users.json,line=18,title=afrun%3A Users & <Admins>/gets \"one\" user::status: expected 200, got 404%0A$.id: expected 42, got nothing",
                "::warning file=suites/users.json,line=30,title=afrun%3A Users & <Admins>/passes after retry::passed after 3 attempts (flaky)",
                "::error file=suites/tls.json,line=4,title=afrun%3A TLS/pinned::certificate pin mismatch",
            ]
        )
    }

    @Test("a path under GITHUB_WORKSPACE is made relative; commas and percent signs are escaped")
    func relativeAndEscaped() {
        let reporter = GitHubActionsReporter(environment: ["GITHUB_WORKSPACE": "/w"], output: { _ in })
        let result = TestResult(
            identity: TestIdentity(suiteFile: "/w/suites/a,b.json", suiteName: "S", testName: "100% done"),
            line: 3,
            status: .failed,
            assertions: [
                AssertionResult(
                    kind: "body",
                    target: nil,
                    predicate: "contains",
                    expected: "x",
                    actual: "y",
                    passed: false,
                    message: "50% off"
                )
            ]
        )
        #expect(
            reporter.annotation(for: result)
                == "::error file=suites/a%2Cb.json,line=3,title=afrun%3A S/100%25 done::50%25 off"
        )
    }

    @Test("the Markdown summary is appended to GITHUB_STEP_SUMMARY")
    func summary() async throws {
        let path = try Self.summaryFile()
        defer { ReportFixtures.removeTemporaryFile(path) }
        try Data("previous step\n".utf8).write(to: URL(fileURLWithPath: path))
        let reporter = GitHubActionsReporter(
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": path],
            output: { _ in }
        )
        try await ReportFixtures.feed(reporter)
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(markdown.hasPrefix("previous step\n## ❌ afrun: 2 passed, 1 failed, 1 errors, 1 skipped\n"))
        #expect(markdown.contains("| 5 | 2 | 1 | 1 | 1 | 1.23 s | 12.0 ms | 80.0 ms |"))
        #expect(
            markdown.contains(
                "| ❌ Users &amp; &lt;Admins&gt;/gets \"one\" user | <code>suites/users.json:18</code> | status: expected 200, got 404; $.id: expected 42, got nothing |"
            )
        )
        #expect(markdown.contains("| 💥 TLS/pinned | <code>suites/tls.json:4</code> | certificate pin mismatch |"))
        #expect(markdown.contains("- Users &amp; &lt;Admins&gt;/passes after retry (3 attempts)"))
        #expect(markdown.contains("shard 1/2"))
        #expect(!markdown.contains(ReportFixtures.secret))
    }

    @Test("a reporter reused for another run (--repeat) annotates a repeated failure once and sums up each run alone")
    func reusedForAnotherRun() async throws {
        let path = try Self.summaryFile()
        defer { ReportFixtures.removeTemporaryFile(path) }
        let lines = Lines()
        let reporter = GitHubActionsReporter(
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/work/repo", "GITHUB_STEP_SUMMARY": path],
            output: { lines.append($0) }
        )
        try await ReportFixtures.feed(reporter)
        try await ReportFixtures.feed(reporter)
        #expect(lines.all.count == 3)
        #expect(Set(lines.all).count == 3)
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(markdown.components(separatedBy: "## ❌ afrun: 2 passed, 1 failed, 1 errors, 1 skipped\n").count == 3)
        // Each summary lists its own run's failures: the failing test appears once per summary, not twice in the second.
        #expect(markdown.components(separatedBy: "| ❌ Users &amp; &lt;Admins&gt;/gets \"one\" user |").count == 3)
    }

    @Test("summary cells show names as written: HTML and Markdown characters escaped, paths relative to the workspace")
    func summaryEscapesNames() async throws {
        let path = try Self.summaryFile()
        defer { ReportFixtures.removeTemporaryFile(path) }
        let reporter = GitHubActionsReporter(
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/w", "GITHUB_STEP_SUMMARY": path],
            output: { _ in }
        )
        let result = TestResult(
            identity: TestIdentity(
                suiteFile: "/w/suites/odd.json",
                suiteName: "A <b>bold</b> | *star* _under_ `tick` [link](x) ~strike~ \\ back",
                testName: "hides <!-- the rest"
            ),
            line: 7,
            status: .failed,
            assertions: [
                AssertionResult(
                    kind: "status",
                    target: nil,
                    predicate: "equals",
                    expected: "200",
                    actual: "404",
                    passed: false,
                    message: "expected <200>"
                )
            ]
        )
        try await reporter.runDidStart(ReportFixtures.run)
        try await reporter.record(result, in: ReportFixtures.run)
        try await reporter.runDidFinish(ReportFixtures.run, summary: RunSummary(failed: 1), status: .complete)
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            markdown.contains(
                #"| ❌ A &lt;b&gt;bold&lt;/b&gt; \| \*star\* \_under\_ \`tick\` \[link\](x) \~strike\~ \\ back/hides &lt;!-- the rest | <code>suites/odd.json:7</code> | expected &lt;200&gt; |"#
            ),
            "\(markdown)"
        )
        #expect(!markdown.contains("<!--") && !markdown.contains("<b>"))
    }

    @Test("control characters in names and messages are written visibly, in annotations and in the summary")
    func controlCharactersAreVisible() async throws {
        let path = try Self.summaryFile()
        defer { ReportFixtures.removeTemporaryFile(path) }
        let lines = Lines()
        let reporter = GitHubActionsReporter(
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/w", "GITHUB_STEP_SUMMARY": path],
            output: { lines.append($0) }
        )
        let result = TestResult(
            identity: TestIdentity(suiteFile: "/w/s.json", suiteName: "S\u{1B}]0;title\u{07}", testName: "t\u{1B}[2J"),
            line: 3,
            status: .failed,
            assertions: [
                AssertionResult(
                    kind: "body",
                    target: nil,
                    predicate: "equals",
                    expected: "x",
                    actual: "y",
                    passed: false,
                    message: "got \u{7F}\u{85}\u{1B}]8;;http://e/\u{07}\r\n::add-mask::x"
                )
            ]
        )
        try await reporter.runDidStart(ReportFixtures.run)
        try await reporter.record(result, in: ReportFixtures.run)
        try await reporter.runDidFinish(ReportFixtures.run, summary: RunSummary(failed: 1), status: .complete)
        #expect(
            lines.all == [
                #"::error file=s.json,line=3,title=afrun%3A S\x1b]0;title\x07/t\x1b[2J::got \x7f\u{0085}\x1b]8;;http://e/\x07%0D%0A::add-mask::x"#
            ]
        )
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!markdown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(markdown.contains(#"| ❌ S\\x1b\]0;title\\x07/t\\x1b\[2J |"#), "\(markdown)")
    }
}
