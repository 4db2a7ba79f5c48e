import AFRunner
import Foundation
import GRDB

/// The INSERT/UPDATE statements of a run's start and end (results go through `ResultInserter`), bound through
/// `SQLiteBinder`: GRDB's `StatementArguments` cost more the first time in a process (its generic boxing and
/// look-ups) than the statement itself.
enum HistoryWriting {
    static func insertRun(_ run: RunInfo, detail: HistoryDetail, in db: Database) throws {
        var row = SQLiteBinder(
            try db.cachedStatement(sql: """
                INSERT INTO runs (id, started_at, status, command_line, host, pid, pid_host, afrun_version,
                    libcurl_version, openssl_version, git_commit, git_branch, shard, history_detail)
                VALUES (?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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

    static func finishRun(_ id: String, summary: RunSummary, status: RunStatus, in db: Database) throws {
        var row = SQLiteBinder(
            try db.cachedStatement(sql: """
                UPDATE runs SET status = ?, finished_at = ?, passed = ?, failed = ?, errors = ?, skipped = ?,
                    duration_ms = ?, p50_ms = ?, p95_ms = ?
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
