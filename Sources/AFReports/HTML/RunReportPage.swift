import AFRunner
import Foundation

/// The HTML page of one or more runs (`afrun run --html FILE`, several with `--repeat`): a header with the
/// counts, times and environment, charts, a table of every test (failures first) and the details of each
/// failure. Every string from a run is escaped; results arrive redacted.
struct RunReportPage {
    /// One run and its results.
    struct Run {
        var info: RunInfo
        var summary: RunSummary
        var status: RunStatus
        var results: [TestResult]
    }

    /// A result with the run it belongs to (1-based) and its place in the failure list.
    struct Row {
        var result: TestResult
        var run: Int
        var anchor: Int
    }

    /// Failing tests whose whole detail is written; beyond them only the messages, which keeps a page of
    /// thousands of failures under 10 MB.
    static let detailedFailureLimit = 500
    /// Characters of a body shown in the page.
    static let bodyLimit = 1_024

    var runs: [Run]
    /// Suite files that did not load: a section of their own, and the verdict is "failed".
    var loadFailures: [SuiteLoadFailure] = []

    /// Every result, failed and errored first, then in completion order.
    var rows: [Row] {
        var failing: [Row] = []
        var others: [Row] = []
        var anchor = 0
        for (index, run) in runs.enumerated() {
            for result in run.results {
                anchor += 1
                let row = Row(result: result, run: index + 1, anchor: anchor)
                if result.status == .failed || result.status == .error {
                    failing.append(row)
                } else {
                    others.append(row)
                }
            }
        }
        return failing + others
    }

    /// The whole page.
    func html() -> String {
        let first = runs.first?.info
        var page = HTMLPage(title: "afrun report" + (first.map { " · " + HTMLPage.date($0.startedAt) } ?? ""))
        let rows = self.rows
        page.raw("<main>")
        header(into: &page, rows: rows)
        unloadedSuites(into: &page)
        charts(into: &page)
        table(into: &page, rows: rows)
        failures(into: &page, rows: rows.filter { $0.result.status == .failed || $0.result.status == .error })
        page.raw("</main>")
        return page.finish(script: Self.searchScript)
    }

    /// The run's totals over every run of the page.
    var total: RunSummary {
        runs.reduce(into: RunSummary()) { sum, run in
            sum.passed += run.summary.passed
            sum.failed += run.summary.failed
            sum.errors += run.summary.errors
            sum.skipped += run.summary.skipped
            sum.durationMs += run.summary.durationMs
            sum.setup = OutcomeCounts.combined(sum.setup, run.summary.setup)
            sum.teardown = OutcomeCounts.combined(sum.teardown, run.summary.teardown)
        }
    }

    /// Request times (the transfer's total, as the run summary's percentiles), sorted.
    var requestTimes: [Double] {
        runs.flatMap { $0.results.compactMap { $0.timings?.totalMs } }.sorted()
    }

    private func header(into page: inout HTMLPage, rows: [Row]) {
        let sum = total
        let stopped = runs.contains { $0.status != .complete }
        let verdict =
            stopped
            ? ("stopped", "interrupted")
            : sum.failed + sum.errors > 0 || !loadFailures.isEmpty ? ("bad", "failed") : ("ok", "passed")
        page.raw("<header><div class=\"banner\"><h1>afrun run report</h1>")
        page.raw("<span class=\"verdict \(verdict.0)\" id=\"verdict\">\(verdict.1)</span>")
        if runs.count > 1 { page.element("span", "\(runs.count) runs (--repeat)", class: "muted") }
        page.raw("</div><div class=\"cards\" id=\"counts\">")
        let times = requestTimes
        // The suites' tests, then their setup and teardown tests apart, as the terminal's summary line.
        let tests = sum.tests
        var cards: [(String, String, String)] = [
            ("total", "tests", "\(tests.total)"),
            ("passed", "passed", "\(tests.passed)"),
            ("failed", "failed", "\(tests.failed)"),
            ("error", "errors", "\(tests.errors)"),
            ("skipped", "skipped", "\(tests.skipped)"),
        ]
        for (key, counts) in [("setup", sum.setup), ("teardown", sum.teardown)] {
            guard let counts else { continue }
            cards.append((key, counts.problems.map { "\(key): \($0)" } ?? key, "\(counts.total)"))
        }
        cards += [
            ("time", "wall time", HTMLPage.duration(sum.durationMs)),
            ("p50", "p50", times.isEmpty ? "–" : HTMLPage.duration(Percentiles.nearestRank(times, 0.50))),
            ("p95", "p95", times.isEmpty ? "–" : HTMLPage.duration(Percentiles.nearestRank(times, 0.95))),
            ("p99", "p99", times.isEmpty ? "–" : HTMLPage.duration(Percentiles.nearestRank(times, 0.99))),
        ]
        for (key, label, value) in cards {
            page.raw("<div class=\"card \(key)\" data-count=\"\(key)\"><b>\(HTMLText.escape(value))</b>")
            page.raw("<span>\(label)</span></div>")
        }
        page.raw("</div>")
        if let info = runs.first?.info { environment(info, into: &page) }
        page.raw("</header>")
    }

    private func environment(_ info: RunInfo, into page: inout HTMLPage) {
        var facts: [(String, String)] = [("Started", HTMLPage.date(info.startedAt))]
        if let commit = info.gitCommit { facts.append(("Git commit", commit)) }
        if let branch = info.gitBranch { facts.append(("Git branch", branch)) }
        if let shard = info.shard { facts.append(("Shard", shard)) }
        if !info.host.isEmpty { facts.append(("Host", info.host)) }
        // libcurl's version string starts `libcurl/`, OpenSSL's `OpenSSL `: shown as the libraries say them.
        let curl = info.libcurlVersion.hasPrefix("libcurl") ? info.libcurlVersion : "libcurl " + info.libcurlVersion
        facts.append(("Versions", "afrun \(info.afrunVersion) · \(curl) · \(info.opensslVersion)"))
        if !info.commandLine.isEmpty { facts.append(("Command", info.commandLine.joined(separator: " "))) }
        page.raw("<dl class=\"meta\">")
        for (name, value) in facts {
            page.element("dt", name)
            page.element("dd", value, class: name == "Command" || name == "Git commit" ? "mono" : nil)
        }
        page.raw("</dl>")
    }

    /// The name search: hides rows whose `suite/test` does not contain the typed text (names read once,
    /// from the two name cells of each row). The search box is hidden until the script shows it, so a page
    /// read with scripts off offers only what works.
    static let searchScript = """
        (function(){var q=document.getElementById('search');if(!q)return;q.hidden=false;\
        var rows=document.querySelectorAll('table.results tbody tr'),names=[];\
        for(var i=0;i<rows.length;i++){var c=rows[i].querySelectorAll('td.nm');\
        names.push((c[0].textContent+'/'+c[1].textContent).toLowerCase());}\
        q.addEventListener('input',function(){var v=q.value.toLowerCase();\
        for(var i=0;i<rows.length;i++){rows[i].classList.toggle('nomatch',v!==''&&names[i].indexOf(v)<0);}});})();
        """
}
