import AFSuite
import AFHistory
import AFRunner
import ArgumentParser
import Foundation

/// `ReportOptions` as plain values.
struct ReportSettings: Equatable, Sendable {
    /// `--db`.
    var db: String?
    /// `--no-history`.
    var noHistory = false
    /// `--history-detail`.
    var historyDetail: HistoryDetail?
    /// `--junit`.
    var junit: String?
    /// `--report-json`.
    var reportJSON: String?
    /// `--shard`.
    var shard: String?
    /// `--rerun-failed`.
    var rerunFailed = false
    /// `--failed-first`.
    var failedFirst = false

    /// Checks the values together.
    /// - Throws: `ValidationError` naming the flag and the fix.
    func validate() throws {
        if let shard {
            do { _ = try ShardSpec(parsing: shard) } catch { throw ValidationError("\(error)") }
        }
        if noHistory && (rerunFailed || failedFirst) {
            throw ValidationError("--rerun-failed and --failed-first read the history: drop --no-history")
        }
        if !noHistory {
            do { _ = try detail } catch { throw ValidationError("\(error)") }
        }
    }

    /// The history detail level for this run: the flag, else `AFRUN_HISTORY_DETAIL`, else `failures`.
    var detail: HistoryDetail {
        get throws { try HistoryDetail.resolve(flag: historyDetail, environment: ProcessEnvironment.all) }
    }

    /// The database path for this run.
    var databasePath: String { AFHistory.databasePath(flag: db, environment: ProcessEnvironment.all) }

    /// Whether the selection needs the history.
    var needsHistory: Bool { shard != nil || rerunFailed || failedFirst || junit != nil }
}
