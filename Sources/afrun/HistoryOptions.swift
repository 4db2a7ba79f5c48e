import AFHistory
import ArgumentParser
import Foundation

import enum AFSuite.ProcessEnvironment

/// How a history command prints.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}

/// Options every `afrun history` subcommand takes.
struct HistoryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The history: a SQLite file, or a shared PostgreSQL database as postgres://USER:PASSWORD@HOST:PORT/DB[?sslmode=require|verify-full] (default: $AFRUN_DB, else .afrun/history.sqlite).",
            valueName: "file-or-url"
        )
    )
    var db: String?

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    /// The database path this invocation uses.
    var databasePath: String {
        AFHistory.databasePath(flag: db, environment: ProcessEnvironment.all)
    }

    /// Opens the store; a missing database file is an error rather than an empty new file, unless `creating`
    /// (`merge` may start a history from the shards' files). A PostgreSQL history is connected now.
    private func openStore(creating: Bool) throws -> any HistoryStoring {
        let path = databasePath
        guard creating || PostgresLocation.isURL(path) || FileManager.default.fileExists(atPath: path) else {
            throw Self.failure(
                "no history database at '\(path)': run some suites first, or pass --db FILE / set AFRUN_DB"
            )
        }
        do {
            return try AFHistory.open(path)
        } catch let error as HistoryError {
            throw Self.failure(error.description)
        }
    }

    /// Runs a query; a history error prints its message and exits with status 2.
    ///
    /// The open, `body` and the close run on a thread of their own (`HistoryThread`): they block until the
    /// database answers (a PostgreSQL server up to its time bounds), which would hold a thread of Swift's
    /// shared executor meanwhile.
    func withStore<T: Sendable>(
        creating: Bool = false,
        _ body: @escaping @Sendable (any HistoryStoring) throws -> T
    ) async throws -> T {
        try await HistoryThread.run { () throws in try withStoreBlocking(creating: creating, body) }
    }

    private func withStoreBlocking<T>(creating: Bool, _ body: (any HistoryStoring) throws -> T) throws -> T {
        let store = try openStore(creating: creating)
        defer { try? store.close() }
        do {
            return try body(store)
        } catch let error as HistoryError {
            throw Self.failure(error.description)
        }
    }

    /// Prints `message` on standard error and returns the exit code to throw (2: the command could not
    /// answer).
    static func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("afrun history: \(message)\n".utf8))
        return ExitCode(ExitStatus.notLoadedOrWritten)
    }
}

/// The `--last N` option of the queries over recent runs.
struct WindowOptions: ParsableArguments {
    @Option(name: .long, help: "How many recent runs to consider.")
    var last: Int = 20

    func validate() throws {
        guard last > 0 else { throw ValidationError("--last must be 1 or more, got \(last)") }
    }
}

/// The `--phase` option of the timing queries (`slowest`, `trends`).
struct PhaseOptions: ParsableArguments {
    @Option(help: "The phase: total, dns, connect, tls, ttfb or download.")
    var phase: TimingPhase = .total
}
