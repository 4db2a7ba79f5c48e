import AFReports
import AFRunner
import Foundation
import TestSupport
import Testing

/// The run report as a browser sees it: rendered by headless Chromium, checked in the DOM.
@Suite(.serialized) struct HTMLReporterTests {
    static let page = HTMLReporter.page(
        run: ReportFixtures.run,
        summary: ReportFixtures.summary,
        status: .complete,
        results: ReportFixtures.results
    )

    @Test func headerCountsRowsAndFailureDetailsRenderInChromium() async throws {
        let dom = try await Self.render(Self.page)
        for (key, value) in [("total", 5), ("passed", 2), ("failed", 1), ("error", 1), ("skipped", 1)] {
            #expect(dom.contains("data-count=\"\(key)\"><b>\(value)</b>"), "\(key)")
        }
        #expect(Self.count("<tr class=\"s-", in: dom) == ReportFixtures.results.count)
        // Failures first: the failed and the errored rows lead the table.
        let statuses = Self.matches(#"<tr class="s-(\w+)""#, in: dom)
        #expect(Array(statuses.prefix(2)) == ["failed", "error"])
        // Each failing test has its details: assertions expected vs actual, request, response, error.
        #expect(Self.count("<section class=\"failure", in: dom) == 2)
        #expect(dom.contains("status: expected 200, got 404"))
        #expect(dom.contains("2 attempts</b> (1 retries)"))
        #expect(dom.contains("tlsRejected") && dom.contains("(curl 60)"))
        #expect(dom.contains("suites/users.json:18") && dom.contains("suites/tls.json:4"))
        #expect(dom.contains("HTTP/2 404") && dom.contains("GET https://api.test/users?token="))
        // Names with markup are text, and a control character is shown, not passed through.
        #expect(dom.contains("Users &amp; &lt;Admins&gt;"))
        #expect(dom.contains("gets \"one\" user"))
        #expect(!dom.contains("\u{1}") && dom.contains("␁"))
        // Charts are drawn.
        #expect(dom.contains("id=\"timeline\"") && dom.contains("id=\"histogram\"") && dom.contains("id=\"phases\""))
    }

    @Test func thePageAsksNothingOfTheNetworkAndIsValidHTML() async throws {
        let dom = try await Self.render(Self.page)
        #expect(Self.matches(#"(?:src|href)\s*=\s*"?(https?:[^"\s>]*)"#, in: dom).isEmpty)
        #expect(Self.matches(#"(?:src|href)\s*=\s*"?(https?:[^"\s>]*)"#, in: Self.page).isEmpty)
        #expect(Self.page.contains("default-src 'none'"))
        let file = try Self.write(Self.page)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try await HeadlessBrowser.htmlProblems(file) == "")
    }

    @Test func secretsOfTheRunNeverReachThePage() async throws {
        #expect(!Self.page.contains(ReportFixtures.secret))
        #expect(try await !Self.render(Self.page).contains(ReportFixtures.secret))
    }

    /// What a browser with scripts off shows is the page as written (Chromium's `--dump-dom` needs scripts,
    /// so the source stands for it): the counts and every failure are there as plain HTML, and the search
    /// box, which needs the script, is hidden until the script shows it.
    @Test func summaryAndFailuresReadWithScriptsOff() async throws {
        let source = Self.page
        #expect(source.contains("data-count=\"failed\"><b>1</b>"))
        #expect(source.contains("status: expected 200, got 404"))
        #expect(source.contains("<section class=\"failure failed\""))
        #expect(Self.searchHidden(source))
        #expect(!Self.searchHidden(try await Self.render(source)))
    }

    @Test func tenThousandTestsStayUnderTenMegabytes() async throws {
        let base = ReportFixtures.results
        var results: [TestResult] = []
        for index in 0..<10_000 {
            var result = base[index % 4]
            result.identity.testName += " #\(index)"
            result.startedAt = ReportFixtures.run.startedAt.addingTimeInterval(Double(index) * 0.003)
            if result.status == .failed, var response = result.response {
                response.bodyExcerpt = String(repeating: "{\"items\": [1, 2, 3]} ", count: 100)
                result.response = response
            }
            results.append(result)
        }
        let page = HTMLReporter.page(
            run: ReportFixtures.run,
            summary: RunSummary(passed: 5_000, failed: 2_500, errors: 2_500, durationMs: 30_000),
            status: .complete,
            results: results
        )
        #expect(page.utf8.count < 10_000_000, "\(page.utf8.count) bytes")
        let dom = try await Self.render(page)
        #expect(Self.count("<tr class=\"s-", in: dom) == 10_000)
    }

    // MARK: helpers

    static func write(_ page: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).html")
        try Data(page.utf8).write(to: file)
        return file
    }

    static func render(_ page: String) async throws -> String {
        let file = try write(page)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await HeadlessBrowser.dumpDOM(file)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    static func searchHidden(_ dom: String) -> Bool {
        guard let tag = matches(#"(<input[^>]*id="search"[^>]*>)"#, in: dom).first else { return false }
        return tag.contains(" hidden")
    }
}
