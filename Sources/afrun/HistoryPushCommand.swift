import AFHistory
import ArgumentParser

/// `afrun history push --db postgres://…`: sends the runs a shared history's spool kept.
struct HistoryPushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Send to a shared PostgreSQL history (--db postgres://…) the runs its local spool kept.",
        discussion:
            "Runs that could not reach the server wait in .afrun/postgres-spool-HOST-PORT-DB.sqlite; the next run sends them too. Sending twice adds nothing."
    )

    @OptionGroup var options: HistoryOptions

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            guard PostgresLocation.isURL(options.databasePath) else {
                throw HistoryOptions.failure(
                    "push sends a spool to a PostgreSQL history: pass --db postgres://USER:PASSWORD@HOST:PORT/DB"
                )
            }
            let pushed = try await options.withStore { store in
                guard let shared = store as? PostgresHistory else { return 0 }
                return try shared.push()
            }
            struct Output: Encodable {
                var runsAdded: Int
            }
            try HistoryOutput.emit(
                options.format,
                sentences: [
                    pushed == 0
                        ? "pushed no run: the spool holds none the shared history lacks"
                        : "pushed \(HistoryOutput.count(pushed, "run")) from the local spool"
                ],
                headers: ["runs_added"],
                rows: [["\(pushed)"]],
                json: Output(runsAdded: pushed)
            )
        }
    }
}
