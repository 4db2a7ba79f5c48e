import AFRunner
import Foundation

extension RunReportPage {
    /// The phases a bar shows, in the order they happen, with their CSS class and legend label.
    static let phases: [(key: String, label: String)] = [
        ("dns", "DNS"), ("connect", "connect"), ("tls", "TLS"), ("wait", "server wait (to first byte)"),
        ("download", "download"),
    ]

    /// A transfer's phases in milliseconds, in `phases` order; the wait is the rest of the time to first
    /// byte, so the segments add up to the time to first byte plus the download.
    static func phaseValues(_ t: TimingSummary) -> [Double] {
        let wait = max(0, t.ttfbMs - t.dnsMs - t.connectMs - t.tlsMs)
        return [t.dnsMs, t.connectMs, t.tlsMs, wait, t.downloadMs].map { max(0, $0.isFinite ? $0 : 0) }
    }

    func table(into page: inout HTMLPage, rows: [Row]) {
        let scale = max(
            rows.compactMap { $0.result.timings.map { Self.phaseValues($0).reduce(0, +) } }.max() ?? 0,
            0.001
        )
        let counts = Dictionary(grouping: rows, by: { $0.result.status }).mapValues(\.count)
        page.raw("<section id=\"tests\"><h2>Tests</h2>")
        let filters: [(String, String, Int)] = [
            ("all", "All", rows.count), ("failed", "Failed", counts[.failed] ?? 0),
            ("error", "Errors", counts[.error] ?? 0), ("passed", "Passed", counts[.passed] ?? 0),
            ("skipped", "Skipped", counts[.skipped] ?? 0),
        ]
        for (key, _, _) in filters {
            page.raw("<input type=\"radio\" class=\"toggle\" name=\"show\" id=\"show-\(key)\"")
            page.raw(key == "all" ? " checked>" : ">")
        }
        page.raw("<div class=\"controls\">")
        for (key, label, count) in filters {
            page.raw("<label for=\"show-\(key)\">\(label) \(count)</label>")
        }
        page.raw("<input type=\"search\" id=\"search\" placeholder=\"Search suite or test name\" ")
        page.raw("aria-label=\"Search by name\" hidden></div>")
        page.raw("<table class=\"results\"><colgroup><col class=\"c-st\">")
        if runs.count > 1 { page.raw("<col class=\"c-run\">") }
        page.raw("<col class=\"c-suite\"><col class=\"c-test\"><col class=\"c-dur\"><col class=\"c-ph\"></colgroup>")
        page.raw("<thead><tr><th>Status</th>")
        if runs.count > 1 { page.raw("<th class=\"num\">Run</th>") }
        page.raw("<th>Suite</th><th>Test</th><th class=\"num\">Duration</th>")
        page.raw(
            "<th>Phases (shared scale: \(HTMLText.escape(HTMLPage.duration(scale))) full width)</th></tr></thead><tbody>"
        )
        for row in rows {
            let r = row.result
            let failing = r.status == .failed || r.status == .error
            page.raw("<tr class=\"s-\(r.status.rawValue)\"><td><span class=\"st \(r.status.rawValue)\">")
            page.raw("\(r.status.rawValue)</span></td>")
            if runs.count > 1 { page.raw("<td class=\"num\">\(row.run)</td>") }
            page.element("td", r.identity.suiteName, class: "nm")
            page.raw("<td class=\"nm\">")
            if failing { page.raw("<a href=\"#f-\(row.anchor)\">") }
            page.text(r.identity.testName)
            if failing { page.raw("</a>") }
            if r.status == .skipped, let reason = r.skipReason { page.element("span", " · " + reason, class: "muted") }
            page.raw("</td><td class=\"num\">\(HTMLText.escape(HTMLPage.duration(r.durationMs)))</td><td>")
            phaseBar(r.timings, scale: scale, into: &page)
            page.raw("</td></tr>\n")
        }
        page.raw("</tbody></table>")
        legend(into: &page)
        page.raw("</section>")
    }

    /// A bar of the transfer's phases, each segment as wide as its share of `scale`; its title lists them.
    private func phaseBar(_ timings: TimingSummary?, scale: Double, into page: inout HTMLPage) {
        guard let timings else { return }
        let values = Self.phaseValues(timings)
        // Compact: the title is repeated on every row of a page that may hold 10,000.
        let title =
            zip(Self.phases, values).map { "\($0.key) \(HTMLPage.coordinate($1))" }.joined(separator: " ") + " ms"
        page.raw("<span class=\"pb\" title=\"\(HTMLText.escape(title))\">")
        for (phase, value) in zip(Self.phases, values) where value > 0 {
            let percent = value / scale * 100
            guard percent >= 0.05 else { continue }
            page.raw("<i class=\"\(phase.key)\" style=\"width:\(HTMLPage.coordinate(percent))%\"></i>")
        }
        page.raw("</span>")
    }

    func legend(into page: inout HTMLPage) {
        page.raw("<div class=\"legend\">")
        for phase in Self.phases { page.raw("<span><i class=\"\(phase.key)\"></i>\(phase.label)</span>") }
        page.raw("</div>")
    }
}
