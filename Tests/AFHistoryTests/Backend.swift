import AFRunner
import Foundation
import Testing

@testable import AFHistory

/// The databases the history's shared tests run on: SQLite always, PostgreSQL when
/// `AFRUN_TEST_POSTGRES_URL` names a server (`source ci/start-postgres.sh` starts a private one; ci/test.sh
/// does). Without it the PostgreSQL tests are skipped, with `skipMessage`.
enum Backend: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The server's URL (its database is the one new test databases are created from).
    static let postgresURL: String? = {
        let url = ProcessInfo.processInfo.environment["AFRUN_TEST_POSTGRES_URL"]
        return url?.isEmpty == false ? url : nil
    }()

    /// The backends this process can test.
    static let available: [Backend] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]

    /// Why the PostgreSQL tests did not run.
    static let skipMessage: Comment =
        "AFRUN_TEST_POSTGRES_URL is not set: PostgreSQL history tests skipped (source ci/start-postgres.sh to run them)"

    var testDescription: String { rawValue }
}

/// A new, empty history database of one backend, with a folder of its own (the SQLite file, or the spool of a
/// PostgreSQL history); `tearDown` removes both.
struct TestDatabase: Sendable {
    let backend: Backend
    /// The file path or the URL.
    let location: String
    let folder: URL

    static func make(_ backend: Backend) throws -> TestDatabase {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        switch backend {
        case .sqlite:
            return TestDatabase(
                backend: backend,
                location: folder.appendingPathComponent("history.sqlite").path,
                folder: folder
            )
        case .postgres:
            let base = try #require(Backend.postgresURL)
            let name = "afrun_t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
            try Self.admin { try $0.query("CREATE DATABASE \(name)", operation: "create test database") }
            return TestDatabase(backend: backend, location: Self.url(base, database: String(name)), folder: folder)
        }
    }

    /// `url` naming another database.
    static func url(_ url: String, database: String, query: String? = nil) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + database
        components.query = query
        return components.string!
    }

    /// Runs `body` on a connection to the server's own test database.
    static func admin(_ body: (PostgresSession) throws -> Void) throws {
        let session = try PostgresSession.connect(PostgresLocation(parsing: try #require(Backend.postgresURL)))
        defer { session.close() }
        try body(session)
    }

    /// The spool of a PostgreSQL history, in the test's folder.
    var spoolPath: String { folder.appendingPathComponent("spool.sqlite").path }

    /// A store that records runs into the database (a PostgreSQL one through its spool, pushed at each run's
    /// end within `timeout` seconds: by default far more than a push takes even under ThreadSanitizer with 16
    /// writers, since only the fault tests are about the deadline).
    func recordingStore(
        detail: HistoryDetail = .failures,
        location: String? = nil,
        timeout: Double = 300
    ) throws -> any HistoryStoring {
        let location = location ?? self.location
        switch backend {
        case .sqlite:
            return try HistoryStore.open(path: location, detail: detail)
        case .postgres:
            return PostgresHistory(
                server: try PostgresLocation(parsing: location),
                detail: detail,
                spoolPath: spoolPath,
                recording: true,
                timeout: timeout
            )
        }
    }

    /// Creates the history's tables now (a PostgreSQL database is created empty): a store with a short
    /// `--history-timeout` then only checks the schema in that time, even beside many other connects.
    func createSchema() throws {
        guard backend == .postgres else { return }
        let history = PostgresHistory(
            server: try PostgresLocation(parsing: location),
            detail: .failures,
            spoolPath: spoolPath,
            recording: false
        )
        defer { try? history.close() }
        try history.connect()
    }

    /// A store for queries.
    func queryStore() throws -> any HistoryStoring {
        try AFHistory.open(location)
    }

    func tearDown() {
        if backend == .postgres, let name = URLComponents(string: location)?.path.dropFirst() {
            try? Self.admin {
                try $0.query("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", operation: "drop test database")
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
