import ArgumentParser

/// `afrun history …`: questions answered from the run history.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract:
            "Query the run history (SQLite or PostgreSQL): runs, results, flaky and slow tests, trends, comparisons.",
        discussion: """
            The database is --db FILE-OR-URL, else $AFRUN_DB, else .afrun/history.sqlite. A SQLite file is plain \
            SQLite; postgres://USER:PASSWORD@HOST:PORT/DB names a history shared by many runners (runs reach \
            it through a local spool; `afrun history push` sends what a run could not). docs/history.md \
            describes the schema.
            """,
        subcommands: [
            HistoryRunsCommand.self, HistoryShowCommand.self, HistoryTestCommand.self, HistoryFlakyCommand.self,
            HistorySlowestCommand.self, HistoryTrendsCommand.self, HistoryCompareCommand.self, HistoryPruneCommand.self,
            HistoryMergeCommand.self, HistoryPushCommand.self, HistoryReportCommand.self,
        ]
    )
}
