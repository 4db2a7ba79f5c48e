import AFHistory
import AFRunner
import AFSuite
import ArgumentParser

/// History, reports and CI selection for `run`.
struct ReportOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The history: a SQLite file, or a shared PostgreSQL database as postgres://USER:PASSWORD@HOST:PORT/DB[?sslmode=require|verify-full] (recorded through a local spool; a server that cannot be reached costs a warning). Default: $AFRUN_DB, else .afrun/history.sqlite.",
            valueName: "file-or-url"
        )
    )
    var db: String?

    @Option(
        name: .customLong("run-group"),
        help: ArgumentHelp(
            "The pipeline this run belongs to, shared by its shards (`afrun history runs` shows it). Default: $GITHUB_RUN_ID, else $CI_PIPELINE_ID.",
            valueName: "id"
        )
    )
    var runGroup: String?

    @Option(
        name: .customLong("history-timeout"),
        help: ArgumentHelp(
            "With a shared PostgreSQL history, how long the run may wait for the server in all at its end (connect included), in seconds; what is not sent by then stays in the local spool for the next run or `afrun history push`. Default: 10.",
            valueName: "seconds"
        )
    )
    var historyTimeout: Double?

    @Flag(help: "Neither record this run in the history database nor read it.")
    var noHistory = false

    @Option(
        name: .customLong("history-detail"),
        help: ArgumentHelp(
            "What the history keeps of each result: failures (headers, body excerpt and assertions only for failed and errored results; the default) or all (for every result). Default: $AFRUN_HISTORY_DETAIL, else failures.",
            valueName: "level"
        )
    )
    var historyDetail: HistoryDetail?

    @Option(
        help: ArgumentHelp(
            "Write a JUnit XML report (a file that cannot be written makes the run exit 2).",
            valueName: "file"
        )
    )
    var junit: String?

    @Option(
        name: .customLong("report-json"),
        help: ArgumentHelp(
            "Write the whole run as JSON (a file that cannot be written makes the run exit 2).",
            valueName: "file"
        )
    )
    var reportJSON: String?

    @Option(
        help: ArgumentHelp(
            "Write a self-contained HTML report: counts, charts, every test, failure details (works with --repeat and --shard; a file that cannot be written makes the run exit 2).",
            valueName: "file"
        )
    )
    var html: String?

    @Option(
        help: ArgumentHelp(
            "Run shard K of N, balanced by the durations in history (leaving out the runs of this --run-group, so a re-run splits as its first attempt did); with --no-history (or no history yet) balanced by test count. A sequential suite stays on one shard. Every shard job must use the same history setting.",
            valueName: "K/N"
        )
    )
    var shard: String?

    @Flag(
        help:
            "Run only the tests that failed or errored the last time they ran; every selected test when the history holds no result of any of them. In a run group (--run-group, else the CI's pipeline id) only its runs' outcomes count: a selected test they have no result of runs too, and every selected test when the history holds no run of the group. With --shard, each failure runs on the shard that ran it."
    )
    var rerunFailed = false

    @Flag(
        help:
            "Run suites holding tests, a setup or a teardown that failed last time first (and those tests first in parallel suites)."
    )
    var failedFirst = false

    func validate() throws {
        if let shard {
            do { _ = try ShardSpec(parsing: shard) } catch { throw ValidationError("\(error)") }
        }
        if let historyTimeout, !(historyTimeout > 0 && historyTimeout <= 3600) {
            throw ValidationError("--history-timeout must be a number of seconds above 0 and at most 3600")
        }
        if noHistory && (rerunFailed || failedFirst) {
            throw ValidationError("--rerun-failed and --failed-first read the history: drop --no-history")
        }
        if !noHistory {
            do { _ = try detail } catch { throw ValidationError("\(error)") }
            // A malformed shared-history URL is refused before the run: recording nothing, not even into the
            // spool, would lose the run. The message masks the password.
            if PostgresLocation.isURL(databasePath) {
                do { _ = try PostgresLocation(parsing: databasePath) } catch { throw ValidationError("\(error)") }
            }
        }
    }

    /// The history detail level for this run: the flag, else `AFRUN_HISTORY_DETAIL`, else `failures`.
    var detail: HistoryDetail {
        get throws { try HistoryDetail.resolve(flag: historyDetail, environment: ProcessEnvironment.all) }
    }

    /// The run group: the flag, else the CI's pipeline id (GitHub Actions' run id, GitLab's pipeline id),
    /// else none. Every shard job of a pipeline sees the same id.
    func runGroup(environment: [String: String]) -> String? {
        if let runGroup, !runGroup.isEmpty { return runGroup }
        if let run = environment["GITHUB_RUN_ID"], !run.isEmpty { return run }
        if let pipeline = environment["CI_PIPELINE_ID"], !pipeline.isEmpty { return pipeline }
        return nil
    }

    /// The database path for this run.
    var databasePath: String { AFHistory.databasePath(flag: db, environment: ProcessEnvironment.all) }

    /// Whether the history is read before the run (selection, ordering, JUnit's flakiness): never with
    /// `--no-history`, which leaves the database alone.
    var readsHistory: Bool { !noHistory && (shard != nil || rerunFailed || failedFirst || junit != nil) }
}
