import AFHistory
import ArgumentParser

/// History, reports and CI selection for `run`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The history database (default: $AFRUN_DB, else .afrun/history.sqlite).", valueName: "file"))
    var db: String?

    @Flag(help: "Do not record this run in the history database.")
    var noHistory = false

    @Option(
        name: .customLong("history-detail"),
        help: ArgumentHelp(
            "What the history keeps of each result: failures (headers, body excerpt and assertions only for failed and errored results; the default) or all (for every result). Default: $AFRUN_HISTORY_DETAIL, else failures.",
            valueName: "level"))
    var historyDetail: HistoryDetail?

    @Option(help: ArgumentHelp("Write a JUnit XML report.", valueName: "file"))
    var junit: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write the whole run as JSON.", valueName: "file"))
    var reportJSON: String?

    @Option(help: ArgumentHelp("Run shard K of N (balanced by the durations in history).", valueName: "K/N"))
    var shard: String?

    @Flag(help: "Run only the tests that failed or errored in the last recorded run.")
    var rerunFailed = false

    @Flag(help: "Run suites holding tests that failed last time first (and those tests first in parallel suites).")
    var failedFirst = false

    /// The same values as `ReportSettings`.
    var settings: ReportSettings {
        ReportSettings(
            db: db, noHistory: noHistory, historyDetail: historyDetail, junit: junit, reportJSON: reportJSON,
            shard: shard, rerunFailed: rerunFailed, failedFirst: failedFirst)
    }

    func validate() throws { try settings.validate() }
}
