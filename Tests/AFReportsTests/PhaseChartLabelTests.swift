import AFReports
import AFRunner
import Foundation
import TestSupport
import Testing

/// The "Mean phases per suite" chart's labels: a long suite name is cut with an ellipsis to the room before
/// the bars, its whole name in a tooltip, and no label is clipped by the chart's left edge.
@Suite(.serialized) struct PhaseChartLabelTests {
    static let longName = #"Odd "quoted" <suite> & WWWW MMMM its name goes on and on 名前の長いスイート 😀"#

    static var page: String {
        let results = [longName, "Short", "日本語のスイート名がとても長いとき、ここで切れる"].map { suite in
            TestResult(
                identity: ReportFixtures.identity("get", suite: suite, file: "suites/x.json"),
                line: 1,
                status: .passed,
                durationMs: 12,
                timings: ReportFixtures.timings
            )
        }
        return HTMLReporter.page(
            run: ReportFixtures.run,
            summary: RunSummary(passed: results.count, durationMs: 40),
            status: .complete,
            results: results
        )
    }

    @Test("a long suite name is cut with an ellipsis, its whole name in a title")
    func labelsAreFittedWithTheirTitle() throws {
        let chart = try Self.phaseChart(Self.page)
        let escaped = Self.longName.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
        #expect(chart.contains("text-anchor=\"start\"><title>\(escaped)</title>Odd &quot;quoted&quot; "), "\(chart)")
        let label = try #require(chart.range(of: "</title>Odd [^<]*</text>", options: .regularExpression))
        #expect(chart[label].hasSuffix("…</text>") && !chart[label].contains("😀"), "\(chart[label])")
        #expect(chart.contains(">Short</text>"), "a name that fits is whole, with no title")
        #expect(!chart.contains("<title>Short</title>"))
    }

    @Test("every label's box starts inside the chart and ends before the bars, in Chromium")
    func labelsFitInChromium() async throws {
        guard HeadlessBrowser.chromium != nil else {
            Issue.record("chromium is not installed: run ci/install-deps.sh")
            return
        }
        // The page allows its inline scripts: this one measures the chart's labels as laid out.
        let measuring = """
            <script>
            const boxes = [...document.querySelectorAll('#phases svg text')].map(t => {
              const b = t.getBBox();
              return {text: t.lastChild.textContent, x: b.x, right: b.x + b.width};
            });
            document.body.setAttribute('data-boxes', JSON.stringify(boxes));
            </script>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("phases-\(UUID().uuidString).html")
        try Data(Self.page.replacingOccurrences(of: "</body>", with: measuring + "</body>").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let dom = try await HeadlessBrowser.dumpDOM(file)
        let attribute = try #require(
            dom.range(of: #"data-boxes="([^"]*)""#, options: .regularExpression).map { String(dom[$0]) }
        )
        let json = attribute.dropFirst("data-boxes=\"".count).dropLast().replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
        let boxes = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let labels = boxes.filter { box in
            ["Odd", "Short", "日本語"].contains { (box["text"] as? String)?.hasPrefix($0) == true }
        }
        #expect(labels.count == 3, "\(boxes)")
        for label in labels {
            let x = try #require(label["x"] as? Double)
            let right = try #require(label["right"] as? Double)
            #expect(x >= 0, "\(label)")
            #expect(right <= 150, "the label runs into the bars: \(label)")
        }
        #expect(labels.contains { ($0["text"] as? String)?.hasSuffix("…") == true })
    }

    /// The phases figure's SVG markup.
    static func phaseChart(_ page: String) throws -> String {
        let start = try #require(page.range(of: "<figure id=\"phases\">"))
        let end = try #require(page.range(of: "</svg>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }
}
