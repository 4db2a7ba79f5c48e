import ArgumentParser

/// `afrun history …`: questions answered from the run history.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Query the run history (SQLite): runs, results, flaky and slow tests, trends, comparisons.",
        discussion: """
            The database is --db FILE, else $AFRUN_DB, else .afrun/history.sqlite. It is plain SQLite: \
            docs/history.md describes the schema for sqlite3.
            """,
        subcommands: [
            HistoryRunsCommand.self, HistoryShowCommand.self, HistoryTestCommand.self, HistoryFlakyCommand.self,
            HistorySlowestCommand.self, HistoryTrendsCommand.self, HistoryCompareCommand.self, HistoryPruneCommand.self,
            HistoryMergeCommand.self, HistoryReportCommand.self,
        ]
    )
}
