import AFRunner
import Foundation

/// One logical run: the runs of one run group (the shards of one pipeline) put together, as
/// `afrun history runs --by-group` lists them. A run without a group is a group of its own.
public struct RunGroupSummary: Sendable, Hashable, Codable {
    /// The group (`--run-group`), nil for a run without one.
    public var group: String?
    /// Its runs' ids, newest first.
    public var runIDs: [String]
    /// Its runs' shards (`K/N`), sorted.
    public var shards: [String]
    /// When its first run started.
    public var startedAt: Date
    /// `running` while any run is, else the worst of its runs' statuses (`incomplete`, `interrupted`,
    /// `complete`).
    public var status: RunStatus
    /// Tests passed, failed, errored and skipped, over every run (`counting(_:)`: each test once).
    public var passed: Int
    public var failed: Int
    public var errors: Int
    public var skipped: Int
    /// From the first start to the last end, when every run finished.
    public var durationMs: Double?
    /// The git commit and branch of its latest run.
    public var gitCommit: String?
    public var gitBranch: String?

    /// All tests recorded.
    public var total: Int { passed + failed + errors + skipped }

    /// `runs` (newest first, as `HistoryStoring.runs(last:)` returns them) grouped, newest group first.
    public static func grouping(_ runs: [RunRecord]) -> [RunGroupSummary] {
        members(runs).map(summary)
    }

    /// `runs` (newest first) split by group, newest group first, each group's runs newest first.
    public static func members(_ runs: [RunRecord]) -> [[RunRecord]] {
        var order: [String] = []
        var members: [String: [RunRecord]] = [:]
        for run in runs {
            let key = run.runGroup.map { "group:" + $0 } ?? "run:" + run.id
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(run)
        }
        return order.compactMap { members[$0] }
    }

    /// The summary of one group's runs (newest first).
    public static func summary(_ runs: [RunRecord]) -> RunGroupSummary {
        let rank: [RunStatus: Int] = [.complete: 0, .interrupted: 1, .incomplete: 2, .running: 3]
        let started = runs.map(\.startedAt).min() ?? Date(timeIntervalSince1970: 0)
        let ends = runs.compactMap(\.finishedAt)
        return RunGroupSummary(
            group: runs.first?.runGroup,
            runIDs: runs.map(\.id),
            shards: runs.compactMap(\.shard).sorted(),
            startedAt: started,
            status: runs.map(\.status).max { (rank[$0] ?? 0) < (rank[$1] ?? 0) } ?? .complete,
            passed: runs.reduce(0) { $0 + $1.passed },
            failed: runs.reduce(0) { $0 + $1.failed },
            errors: runs.reduce(0) { $0 + $1.errors },
            skipped: runs.reduce(0) { $0 + $1.skipped },
            durationMs: ends.count == runs.count ? ends.max().map { $0.timeIntervalSince(started) * 1000 } : nil,
            gitCommit: runs.first?.gitCommit,
            gitBranch: runs.first?.gitBranch
        )
    }
}
