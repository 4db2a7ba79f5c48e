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

    /// What a series stands for: a suite file and the suite's name, or the test's `suite/test` in it. Keyed
    /// by the file too, since two files may give their suites the same name.
    private struct Key: Hashable {
        var file: String
        var name: String
    }

    private let runs: [Run]
    private let column: [Int64: Int]
    private var seriesKeys: [Key] = []
    private var seriesOfTest: [Int64: Int] = [:]
    private var cells: [Cell]

    init(runs: [Run], names: [Int64: TestIdentity], grouping: TrendGrouping) {
        self.runs = runs
        column = Dictionary(uniqueKeysWithValues: runs.enumerated().map { ($1.seq, $0) })
        var seriesOfKey: [Key: Int] = [:]
        for (id, identity) in names {
            let key = Key(
                file: identity.suiteFile,
                name: grouping == .suite ? identity.suiteName : identity.description
            )
            if let index = seriesOfKey[key] {
                seriesOfTest[id] = index
            } else {
                seriesOfKey[key] = seriesKeys.count
                seriesOfTest[id] = seriesKeys.count
                seriesKeys.append(key)
            }
        }
        cells = Array(repeating: Cell(), count: seriesKeys.count * runs.count)
    }

    /// Adds one result: its run, its test, whether it passed, and the phase's value (nil: not measured).
    mutating func add(run: Int64, test: Int64, passed: Bool, value: Double?) {
        guard let series = seriesOfTest[test], let position = column[run] else { return }
        let index = series * runs.count + position
        cells[index].seen = true
        if let value { cells[index].values.append(value) }
        if !passed { cells[index].failures += 1 }
    }

    /// The series with at least one point, sorted by name (then file), points oldest first. A name that two
    /// suite files share is followed by the file, `Users (suites/v2/users.json)`, so the rows tell them apart.
    func series() -> [TrendSeries] {
        var result: [TrendSeries] = []
        for (series, key) in seriesKeys.enumerated() {
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
            if !points.isEmpty { result.append(TrendSeries(name: key.name, suiteFile: key.file, points: points)) }
        }
        let shared = Dictionary(grouping: result, by: \.name).filter { $0.value.count > 1 }.keys
        for index in result.indices where shared.contains(result[index].name) {
            result[index].name += " (\(result[index].suiteFile))"
        }
        return result.sorted { ($0.name, $0.suiteFile) < ($1.name, $1.suiteFile) }
    }
}
