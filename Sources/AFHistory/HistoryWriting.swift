import AFRunner
import Foundation
import GRDB

/// The INSERT/UPDATE statements of a run's start and end (results go through `ResultInserter`).
enum HistoryWriting {
    static func insertRun(_ run: RunInfo, detail: HistoryDetail, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO runs (id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                    libcurl_version, openssl_version, git_commit, git_branch, shard, history_detail)
                VALUES (?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO NOTHING
                """,
            arguments: [
                run.id, StorageDate.text(run.startedAt), CompactJSON.array(SinkRedactor.commandLine(run.commandLine)), run.host, Int(getpid()),
                ProcessInfo.processInfo.hostName, run.afrunVersion, run.libcurlVersion, run.opensslVersion,
                run.gitCommit, run.gitBranch, run.shard, detail.rawValue,
            ])
    }

    static func finishRun(_ id: String, summary: RunSummary, status: RunStatus, in db: Database) throws {
        try db.execute(
            sql: """
                UPDATE runs SET status = ?, finished_at = ?, passed = ?, failed = ?, errors = ?, skipped = ?,
                    duration_ms = ?, p50_ms = ?, p95_ms = ?
                WHERE id = ?
                """,
            arguments: [
                status.rawValue, StorageDate.text(Date()), summary.passed, summary.failed, summary.errors, summary.skipped,
                summary.durationMs, summary.p50Ms, summary.p95Ms, id,
            ])
        guard db.changesCount > 0 else { throw HistoryError.runNotFound(id) }
    }
}
