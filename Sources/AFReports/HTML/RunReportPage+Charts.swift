import AFRunner
import Foundation

extension RunReportPage {
    /// The charts: the run's timeline, a histogram of request times, and the phases per suite.
    func charts(into page: inout HTMLPage) {
        let ran = runs.flatMap(\.results).filter { $0.status != .skipped }
        guard !ran.isEmpty else { return }
        page.raw("<section id=\"charts\"><h2>Charts</h2><div class=\"charts\">")
        page.raw("<figure class=\"wide\" id=\"timeline\"><figcaption>Timeline: each test on its slot</figcaption>")
        page.raw(timeline(ran))
        page.raw("<div class=\"legend\"><span><i class=\"b-passed\" style=\"background:#4ac26b\"></i>passed</span>")
        page.raw("<span><i style=\"background:#cf222e\"></i>failed</span>")
        page.raw("<span><i style=\"background:#bc4c00\"></i>error</span></div></figure>")
        page.raw("<figure id=\"histogram\"><figcaption>Request time histogram</figcaption>")
        page.raw(histogram(ran.map { $0.timings?.totalMs ?? $0.durationMs }))
        page.raw("</figure><figure id=\"phases\"><figcaption>Mean phases per suite</figcaption>")
        page.raw(phaseBreakdown(ran))
        legend(into: &page)
        page.raw("</figure></div></section>")
    }

    /// Each test as a bar from its start to its end, on the first slot free when it started: the slots
    /// are the run's concurrent requests, as a browser's network waterfall shows connections.
    func timeline(_ results: [TestResult]) -> String {
        let sorted = results.sorted { $0.startedAt < $1.startedAt }
        let origin = sorted.first?.startedAt ?? Date()
        var laneEnds: [Double] = []
        var placed: [(result: TestResult, lane: Int, start: Double, end: Double)] = []
        for result in sorted {
            let start = result.startedAt.timeIntervalSince(origin) * 1_000
            let end = start + max(result.durationMs, 0)
            // A slot is free once its last test ended; a small tolerance absorbs clock rounding.
            let lane = laneEnds.firstIndex { $0 <= start + 0.01 } ?? laneEnds.count
            if lane == laneEnds.count { laneEnds.append(end) } else { laneEnds[lane] = end }
            placed.append((result, lane, start, end))
        }
        let span = max(placed.map(\.end).max() ?? 1, 1)
        let lanes = max(laneEnds.count, 1)
        let laneHeight = min(16, max(3, 300 / Double(lanes)))
        let left = 56.0
        let width = 1000.0
        let top = 6.0
        let height = top + Double(lanes) * laneHeight + 24
        var chart = SVGChart(
            width: width,
            height: height,
            label: "Timeline of \(results.count) tests on \(lanes) slots"
        )
        let x = { (ms: Double) in left + ms / span * (width - left - 8) }
        for tick in SVGChart.ticks(upTo: span) {
            chart.line(x1: x(tick), y1: top, x2: x(tick), y2: height - 20, class: "grid")
            // The last label ends at the edge rather than being cut by it.
            let anchor = x(tick) > width - 40 ? "end" : "middle"
            chart.text(HTMLPage.duration(tick), x: min(x(tick), width - 2), y: height - 6, anchor: anchor)
        }
        let labelEvery = max(1, Int((12 / laneHeight).rounded(.up)))
        for lane in stride(from: 0, to: lanes, by: labelEvery) {
            chart.text(
                "slot \(lane + 1)",
                x: left - 6,
                y: top + Double(lane) * laneHeight + laneHeight * 0.5 + 4,
                anchor: "end"
            )
        }
        // Tooltips name each test; past 2,000 bars they would weigh more than the bars.
        let titled = placed.count <= 2_000
        for item in placed {
            let r = item.result
            chart.rect(
                x: x(item.start),
                y: top + Double(item.lane) * laneHeight + 1,
                width: x(item.end) - x(item.start),
                height: max(laneHeight - 2, 1),
                class: "b-\(r.status.rawValue)",
                title: titled
                    ? "\(r.identity.suiteName) / \(r.identity.testName): \(r.status.rawValue), "
                        + HTMLPage.duration(r.durationMs) : nil
            )
        }
        return chart.finish()
    }

    /// Request times in 24 bins up to the 99th percentile; slower ones share a last bin.
    func histogram(_ values: [Double]) -> String {
        let sorted = values.filter(\.isFinite).sorted()
        let binCount = 24
        let top = max(Percentiles.nearestRank(sorted, 0.99), 0.001)
        let overflow = (sorted.last ?? 0) > top
        var bins = [Int](repeating: 0, count: binCount + (overflow ? 1 : 0))
        for value in sorted {
            let index = value > top ? binCount : min(binCount - 1, Int(value / top * Double(binCount)))
            bins[index] += 1
        }
        let most = max(bins.max() ?? 1, 1)
        let (left, width, height, bottom) = (40.0, 480.0, 200.0, 22.0)
        let plot = height - bottom - 8
        var chart = SVGChart(width: width, height: height, label: "Histogram of \(sorted.count) request times")
        let barWidth = (width - left - 6) / Double(bins.count)
        for tick in SVGChart.ticks(upTo: Double(most), count: 4) where tick == tick.rounded() {
            let y = 8 + plot - tick / Double(most) * plot
            chart.line(x1: left, y1: y, x2: width - 6, y2: y, class: "grid")
            chart.text("\(Int(tick))", x: left - 5, y: y + 4, anchor: "end")
        }
        for (index, count) in bins.enumerated() where count > 0 {
            let low = Double(index) / Double(binCount) * top
            let high = Double(index + 1) / Double(binCount) * top
            let label =
                index == binCount
                ? "over \(HTMLPage.duration(top)): \(count)"
                : "\(HTMLPage.duration(low)) – \(HTMLPage.duration(high)): \(count)"
            let h = Double(count) / Double(most) * plot
            chart.rect(
                x: left + Double(index) * barWidth + 1,
                y: 8 + plot - h,
                width: barWidth - 2,
                height: h,
                class: index == binCount ? "b-error" : "f-bin",
                title: label
            )
        }
        chart.line(x1: left, y1: 8 + plot, x2: width - 6, y2: 8 + plot, class: "axis")
        chart.text("0", x: left, y: height - 6, anchor: "start")
        chart.text(
            HTMLPage.duration(top / 2),
            x: left + Double(binCount) / 2 * barWidth,
            y: height - 6,
            anchor: "middle"
        )
        chart.text(HTMLPage.duration(top) + (overflow ? " (p99) +" : ""), x: width - 6, y: height - 6, anchor: "end")
        return chart.finish()
    }

    /// One stacked bar per suite: the mean of each phase over its requests, slowest suite first (30 at most).
    func phaseBreakdown(_ results: [TestResult]) -> String {
        var order: [String] = []
        var sums: [String: (values: [Double], count: Int)] = [:]
        for result in results {
            guard let timings = result.timings else { continue }
            let name = result.identity.suiteName
            if sums[name] == nil { order.append(name) }
            let values = Self.phaseValues(timings)
            let old = sums[name] ?? ([Double](repeating: 0, count: values.count), 0)
            sums[name] = (zip(old.values, values).map(+), old.count + 1)
        }
        var all: [(name: String, values: [Double])] = []
        for name in order {
            guard let sum = sums[name] else { continue }
            let count = Double(sum.count)
            all.append((name, sum.values.map { $0 / count }))
        }
        let total = { (values: [Double]) -> Double in values.reduce(0, +) }
        let means = all.sorted { total($0.values) > total($1.values) }.prefix(30)
        let rowHeight = 20.0
        let (left, width) = (150.0, 480.0)
        let height = Double(max(means.count, 1)) * rowHeight + 8
        var chart = SVGChart(width: width, height: height, label: "Mean timing phases of \(means.count) suites")
        guard !means.isEmpty else {
            chart.text("No request was made.", x: 8, y: 16)
            return chart.finish()
        }
        let scale = max(means.map { $0.values.reduce(0, +) }.max() ?? 1, 0.001)
        let plot = width - left - 70
        for (row, suite) in means.enumerated() {
            let y = 4 + Double(row) * rowHeight
            // From the left edge, cut to the room before the bars: a long name is never clipped by the edge.
            let label = SVGChart.fitted(suite.name, width: left - 12)
            chart.text(label, x: 6, y: y + 13, title: label == suite.name ? nil : suite.name)
            var x = left
            for (phase, value) in zip(Self.phases, suite.values) where value > 0 {
                let w = value / scale * plot
                chart.rect(
                    x: x,
                    y: y + 2,
                    width: w,
                    height: rowHeight - 6,
                    class: "f-\(phase.key)",
                    title: "\(suite.name): \(phase.label) \(HTMLPage.duration(value))"
                )
                x += w
            }
            chart.text(HTMLPage.duration(suite.values.reduce(0, +)), x: x + 5, y: y + 13)
        }
        return chart.finish()
    }
}
