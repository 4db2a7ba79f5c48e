import AFHistory
import AFRunner
import Foundation

extension HistoryReport {
    func flakySection(into page: inout HTMLPage) {
        page.raw("<section id=\"flaky\"><h2>Flaky tests</h2>")
        guard !flaky.isEmpty else {
            page.raw("<p class=\"empty\">No test changed outcome in the window.</p></section>")
            return
        }
        page.raw("<table><thead><tr><th>Test</th><th class=\"num\">Score</th><th class=\"num\">Flips</th>")
        page.raw("<th>Outcome per run (oldest first)</th></tr></thead><tbody>")
        for ((test, strip), name) in zip(flaky, TestIdentity.displayNames(flaky.map(\.test.identity))) {
            page.raw("<tr>")
            page.element("td", name)
            page.element("td", String(format: "%.2f", test.score), class: "num")
            page.element("td", "\(test.flips)", class: "num")
            var chart = SVGChart(width: Double(max(strip.count, 1)) * 9, height: 14, label: "outcomes")
            for (index, status) in strip.enumerated() {
                guard let status else { continue }
                chart.rect(
                    x: Double(index) * 9,
                    y: 1,
                    width: 7,
                    height: 12,
                    class: "b-\(status.rawValue)",
                    title: "\(points[index].label): \(status.rawValue)"
                )
            }
            page.raw("<td><div style=\"width:\(strip.count * 9)px\">\(chart.finish())</div></td></tr>")
        }
        page.raw("</tbody></table></section>")
    }

    func slowestSection(into page: inout HTMLPage) {
        page.raw("<section id=\"slowest\"><h2>Slowest tests (request time)</h2>")
        guard !slowest.isEmpty else {
            page.raw("<p class=\"empty\">No timing recorded.</p></section>")
            return
        }
        page.raw("<table><thead><tr><th>Test</th><th class=\"num\">p50</th><th class=\"num\">p95</th>")
        page.raw("<th class=\"num\">max</th><th>Phase that grew in the last run</th></tr></thead><tbody>")
        for (test, name) in zip(slowest, TestIdentity.displayNames(slowest.map(\.stats.identity))) {
            page.raw("<tr>")
            page.element("td", name)
            page.element("td", HTMLPage.duration(test.stats.p50Ms), class: "num")
            page.element("td", HTMLPage.duration(test.stats.p95Ms), class: "num")
            page.element("td", HTMLPage.duration(test.stats.maxMs), class: "num")
            page.element(
                "td",
                test.grownPhase.map { "\($0.rawValue) +\(HTMLPage.duration(test.growthMs))" } ?? "none grew"
            )
            page.raw("</tr>")
        }
        page.raw("</tbody></table></section>")
    }

    func trendSection(into page: inout HTMLPage) {
        page.raw("<section id=\"trends\"><h2>Request time per test (p50 line, p50–p95 band)</h2>")
        guard !trends.isEmpty else {
            page.raw("<p class=\"empty\">No timing recorded.</p></section>")
            return
        }
        page.raw("<table><thead><tr><th>Test</th><th>Trend</th><th class=\"num\">Latest p50</th>")
        page.raw("<th class=\"num\">Latest p95</th></tr></thead><tbody>")
        for series in trends {
            page.raw("<tr>")
            page.element("td", series.name)
            page.raw("<td style=\"width:260px\">\(Self.sparkline(series))</td>")
            page.element("td", HTMLPage.duration(series.points.last?.p50Ms ?? 0), class: "num")
            page.element("td", HTMLPage.duration(series.points.last?.p95Ms ?? 0), class: "num")
            page.raw("</tr>")
        }
        page.raw("</tbody></table></section>")
    }

    /// The p50 line over a p50–p95 band, a point per run.
    static func sparkline(_ series: TrendSeries) -> String {
        let (width, height) = (240.0, 30.0)
        let top = max(series.points.map(\.p95Ms).max() ?? 1, 0.001)
        let step = series.points.count > 1 ? width / Double(series.points.count - 1) : 0
        let y = { (ms: Double) in height - 2 - ms / top * (height - 4) }
        let p50 = series.points.enumerated().map { (Double($0) * step, y($1.p50Ms)) }
        let p95 = series.points.enumerated().map { (Double($0) * step, y($1.p95Ms)) }
        var chart = SVGChart(width: width, height: height, label: "\(series.name) p50 and p95 per run")
        chart.path(p95 + p50.reversed(), closed: true, class: "band")
        chart.path(p50, closed: false, class: "spark")
        if series.points.count == 1, let only = p50.first {
            chart.rect(x: only.0, y: only.1 - 1, width: 4, height: 2, class: "f-wait")
        }
        return chart.finish()
    }
}
