import AFRunner
import Foundation

/// The cells of `trends`: one row per series (a suite or a test), one column per run of the window, filled
/// result by result with integer keys only, then read out as series. Shared by every backend.
struct TrendTable {
    /// A run of the window, oldest first.
    struct Run {
        var seq: Int64
        var id: String
        var startedAt: Date
    }

    private struct Cell {
        var values: [Double] = []
        var failures = 0
        var seen = false
    }

    private let runs: [Run]
    private let column: [Int64: Int]
    private var seriesNames: [String] = []
    private var seriesOfTest: [Int64: Int] = [:]
    private var cells: [Cell]

    init(runs: [Run], names: [Int64: TestIdentity], grouping: TrendGrouping) {
        self.runs = runs
        column = Dictionary(uniqueKeysWithValues: runs.enumerated().map { ($1.seq, $0) })
        var seriesOfName: [String: Int] = [:]
        for (id, identity) in names {
            let name = grouping == .suite ? identity.suiteName : identity.description
            if let index = seriesOfName[name] {
                seriesOfTest[id] = index
            } else {
                seriesOfName[name] = seriesNames.count
                seriesOfTest[id] = seriesNames.count
                seriesNames.append(name)
            }
        }
        cells = Array(repeating: Cell(), count: seriesNames.count * runs.count)
    }

    /// Adds one result: its run, its test, whether it passed, and the phase's value (nil: not measured).
    mutating func add(run: Int64, test: Int64, passed: Bool, value: Double?) {
        guard let series = seriesOfTest[test], let position = column[run] else { return }
        let index = series * runs.count + position
        cells[index].seen = true
        if let value { cells[index].values.append(value) }
        if !passed { cells[index].failures += 1 }
    }

    /// The series with at least one point, sorted by name, points oldest first.
    func series() -> [TrendSeries] {
        var result: [TrendSeries] = []
        for (series, name) in seriesNames.enumerated() {
            var points: [TrendPoint] = []
            for (position, run) in runs.enumerated() {
                let cell = cells[series * runs.count + position]
                guard cell.seen else { continue }
                let sorted = cell.values.sorted()
                points.append(
                    TrendPoint(
                        runID: run.id,
                        startedAt: run.startedAt,
                        samples: sorted.count,
                        p50Ms: Percentiles.median(sorted),
                        p95Ms: Percentiles.nearestRank(sorted, 0.95),
                        failures: cell.failures
                    )
                )
            }
            if !points.isEmpty { result.append(TrendSeries(name: name, points: points)) }
        }
        return result.sorted { $0.name < $1.name }
    }
}
