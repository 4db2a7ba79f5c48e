import AFRunner
import Foundation
import GRDB

/// The INSERT/UPDATE statements of a run's start and end (results go through `ResultInserter`), bound through
/// `SQLiteBinder`: GRDB's `StatementArguments` cost more the first time in a process (its generic boxing and
/// look-ups) than the statement itself.
///
/// Both run in the writer's transaction, under the write lock, and bound the ids of the run's results (schema
/// v5): results get `MAX(id) + 1` (`ResultInserter`), so each of this run's is above the largest id when the
/// run starts and at most the largest id when it ends.
enum HistoryWriting {
    /// Inserts a run's row, `running`, with the first result id it can have.
    static func insertRun(_ run: RunInfo, detail: HistoryDetail, in db: Database) throws {
        var row = SQLiteBinder(
            try db.cachedStatement(sql: """
                INSERT INTO runs (id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                    libcurl_version, openssl_version, git_commit, git_branch, shard, history_detail, first_result_id)
                VALUES (?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, COALESCE((SELECT MAX(id) FROM results), 0) + 1)
                ON CONFLICT(id) DO NOTHING
                """), in: db)
        row.bind(run.id)
        row.bind(run.startedAt)
        row.bind(CompactJSON.array(SinkRedactor.commandLine(run.commandLine)))
        row.bind(run.host)
        row.bind(Int(getpid()))
        row.bind(ProcessInfo.processInfo.hostName)
        row.bind(run.afrunVersion)
        row.bind(run.libcurlVersion)
        row.bind(run.opensslVersion)
        row.bind(run.gitCommit)
        row.bind(run.gitBranch)
        row.bind(run.shard)
        row.bind(detail.rawValue)
        try row.step("insert run \(run.id)")
    }

    /// Stores a run's end: its status, totals, and the last result id it can have (NULL in an empty history).
    static func finishRun(_ id: String, summary: RunSummary, status: RunStatus, in db: Database) throws {
        var row = SQLiteBinder(
            try db.cachedStatement(sql: """
                UPDATE runs SET status = ?, finished_at = ?, passed = ?, failed = ?, errors = ?, skipped = ?,
                    duration_ms = ?, p50_ms = ?, p95_ms = ?, last_result_id = (SELECT MAX(id) FROM results)
                WHERE id = ?
                """), in: db)
        row.bind(status.rawValue)
        row.bind(Date())
        row.bind(summary.passed)
        row.bind(summary.failed)
        row.bind(summary.errors)
        row.bind(summary.skipped)
        row.bind(summary.durationMs)
        row.bind(summary.p50Ms)
        row.bind(summary.p95Ms)
        row.bind(id)
        try row.step("finish run \(id)")
        guard db.changesCount > 0 else { throw HistoryError.runNotFound(id) }
    }
}
