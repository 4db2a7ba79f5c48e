import AFHistory
import AFRunner
import Foundation

extension HistoryReport {
    /// The self-contained HTML page (`afrun history report --html FILE`).
    public func html(generatedAt: Date = Date()) -> String {
        var page = HTMLPage(title: "afrun history report")
        page.raw("<main><header><div class=\"banner\"><h1>afrun history report</h1></div><dl class=\"meta\">")
        page.element("dt", "Window")
        page.element(
            "dd",
            "last \(window) runs (\(points.count) shown; the runs of one run group, or the shards of one commit,"
                + " merged, each test at its latest outcome)"
        )
        page.element("dt", "Suites")
        page.element("dd", suites.isEmpty ? "all" : suites.joined(separator: ", "))
        page.element("dt", "Generated")
        page.element("dd", HTMLPage.date(generatedAt))
        page.raw("</dl></header>")
        passRates(into: &page)
        comparisonSection(into: &page)
        flakySection(into: &page)
        slowestSection(into: &page)
        trendSection(into: &page)
        page.raw("</main>")
        return page.finish()
    }

    private func passRates(into page: inout HTMLPage) {
        page.raw("<section id=\"pass-rate\"><h2>Pass rate per run</h2>")
        guard !points.isEmpty else {
            page.raw("<p class=\"empty\">No run recorded.</p></section>")
            return
        }
        let (left, width, height) = (40.0, 1000.0, 180.0)
        let plot = height - 34
        var chart = SVGChart(width: width, height: height, label: "Pass rate of \(points.count) runs")
        for tick in [0.0, 0.5, 1.0] {
            let y = 8 + plot - tick * plot
            chart.line(x1: left, y1: y, x2: width - 4, y2: y, class: "grid")
            chart.text("\(Int(tick * 100))%", x: left - 5, y: y + 4, anchor: "end")
        }
        let slot = (width - left - 4) / Double(points.count)
        for (index, point) in points.enumerated() {
            let rate = point.passRate ?? 0
            let h = rate * plot
            let x = left + Double(index) * slot + slot * 0.15
            let title =
                "\(point.label) · \(HTMLPage.date(point.startedAt)): \(point.passed) passed, \(point.failed) failed, "
                + "\(point.errors) errors"
                + (point.shards.isEmpty ? "" : " · shards \(point.shards.joined(separator: ", "))")
                + (point.status == .complete ? "" : " · \(point.status.rawValue)")
            chart.rect(
                x: x,
                y: 8 + plot - plot,
                width: slot * 0.7,
                height: plot - h,
                class: rate < 1 ? "b-failed" : "grid"
            )
            chart.rect(x: x, y: 8 + plot - h, width: slot * 0.7, height: h, class: "b-passed", title: title)
        }
        chart.text(HTMLPage.date(points[0].startedAt), x: left, y: height - 8)
        chart.text(HTMLPage.date(points[points.count - 1].startedAt), x: width - 4, y: height - 8, anchor: "end")
        page.raw("<figure>\(chart.finish())</figure>")
        page.raw(
            "<table><thead><tr><th>Run</th><th>Started</th><th>Commit</th><th>Branch</th><th class=\"num\">Passed</th>"
        )
        page.raw("<th class=\"num\">Failed</th><th class=\"num\">Errors</th><th class=\"num\">Skipped</th>")
        page.raw("<th class=\"num\">Pass rate</th></tr></thead><tbody>")
        for point in points.reversed() {
            page.raw("<tr>")
            page.raw("<td class=\"mono\">")
            page.text(point.label + point.runsNote)
            // A run stopped by a signal passed only what it ran: said beside it, so its rate is not taken whole.
            if point.status != .complete { page.element("span", " \(point.status.rawValue)", class: "st-note") }
            page.raw("</td>")
            page.element("td", HTMLPage.date(point.startedAt))
            page.element("td", point.gitCommit.map { String($0.prefix(12)) } ?? "", class: "mono")
            page.element("td", point.gitBranch ?? "")
            for count in [point.passed, point.failed, point.errors, point.skipped] {
                page.raw("<td class=\"num\">\(count)</td>")
            }
            page.element("td", point.passRate.map { String(format: "%.1f%%", $0 * 100) } ?? "–", class: "num")
            page.raw("</tr>")
        }
        page.raw("</tbody></table></section>")
    }

    private func comparisonSection(into page: inout HTMLPage) {
        page.raw("<section id=\"compare\"><h2>Last run against the one before</h2>")
        guard let c = comparison else {
            page.raw("<p class=\"empty\">Fewer than two runs: nothing to compare.</p></section>")
            return
        }
        let lists: [(String, [ComparedTest])] = [("New failures", c.newlyFailing), ("Fixed", c.newlyPassing)]
        for (title, tests) in lists {
            page.raw("<h3>\(title) (\(tests.count))</h3>")
            if tests.isEmpty { page.raw("<p class=\"empty\">None.</p>") }
            for test in tests {
                page.raw("<div>")
                page.element("b", test.identity.description)
                page.element("span", " \(test.baseStatus.rawValue) → \(test.headStatus.rawValue)", class: "muted")
                for message in test.headMessages.prefix(3) { page.element("div", message, class: "message") }
                page.raw("</div>")
            }
        }
        page.raw(
            "<h3>Slower or faster by more than \(Int(c.thresholdPercent))% and 5 ms in test duration"
                + " (\(c.timeChanged.count))</h3>"
        )
        if c.timeChanged.isEmpty {
            page.raw("<p class=\"empty\">None.</p>")
        } else {
            page.raw("<table><thead><tr><th>Test</th><th class=\"num\">Before</th><th class=\"num\">After</th>")
            page.raw("<th class=\"num\">Change</th></tr></thead><tbody>")
            for test in c.timeChanged.prefix(50) {
                page.raw("<tr>")
                page.element("td", test.identity.description)
                page.element("td", HTMLPage.duration(test.baseMs), class: "num")
                page.element("td", HTMLPage.duration(test.headMs), class: "num")
                page.element("td", test.changePercent.map { String(format: "%+.0f%%", $0) } ?? "–", class: "num")
                page.raw("</tr>")
            }
            page.raw("</tbody></table>")
        }
        if !c.added.isEmpty || !c.removed.isEmpty || !c.moved.isEmpty {
            let moved = c.moved.isEmpty ? "" : ", \(c.moved.count) moved to another suite file"
            page.element("p", "\(c.added.count) tests added, \(c.removed.count) removed\(moved).", class: "muted")
        }
        page.raw("</section>")
    }
}
