import AFRunner
import Foundation
import TestSupport
import Testing

@testable import AFHistory

/// A shared history whose server is down, refuses the password, has no such database, drops the connection
/// or never answers: the run still ends (in bounded time), with one warning that holds no password, and its
/// results wait in the spool until a push sends them, once.
@Suite("PostgreSQL history faults", .enabled(if: Backend.postgresURL != nil, Backend.skipMessage))
struct HistoryPostgresFaultTests {
    static let results = (1...40).map { index in
        HistoryFixtures.result(HistoryFixtures.identity("t\(index)"), index % 7 == 0 ? .failed : .passed)
    }

    /// The test URL's password.
    static var password: String { URLComponents(string: Backend.postgresURL ?? "")?.password ?? "" }

    /// Records one run of `results` into `store`; returns the warnings of its end.
    static func recordRun(_ store: any HistoryStoring) async throws -> (run: RunInfo, warnings: [String]) {
        let run = try await HistoryFixtures.record(store, results)
        return (run, store.takeWarnings())
    }

    /// The number of results the server holds for `runID`.
    static func storedResults(_ database: TestDatabase, runID: String) throws -> Int64? {
        let session = try PostgresSession.connect(PostgresLocation(parsing: database.location))
        defer { session.close() }
        let rows = try session.query(
            "SELECT COUNT(*) FROM results r JOIN runs ON runs.seq = r.run_seq WHERE runs.id = ?",
            [.text(runID)],
            operation: "count"
        )
        return try rows.first.flatMap { try PostgresValues($0).int(0) }
    }

    @Test("a wrong password: the run ends with one warning and no password; push sends the run once")
    func wrongPassword() async throws {
        let database = try TestDatabase.make(.postgres)
        defer { database.tearDown() }
        var components = try #require(URLComponents(string: database.location))
        components.password = "not-the-password-5f3a"
        let wrong = try #require(components.string)
        let store = try database.recordingStore(location: wrong)
        let (run, warnings) = try await Self.recordRun(store)
        try await store.close()
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.contains("password authentication failed"), "\(warning)")
        #expect(warning.contains("1 run kept in \(database.spoolPath)"), "\(warning)")
        #expect(!warning.contains("not-the-password-5f3a") && !warning.contains(Self.password))
        #expect(throws: HistoryError.self) { try AFHistory.open(wrong) }
        do {
            _ = try AFHistory.open(wrong)
        } catch {
            #expect(!"\(error)".contains("not-the-password-5f3a"))
            #expect("\(error)".contains("postgres://afrun:***@"))
        }

        let right = PostgresHistory(
            server: try PostgresLocation(parsing: database.location),
            detail: .failures,
            spoolPath: database.spoolPath,
            recording: false
        )
        defer { try? right.close() }
        #expect(try right.push() == 1)
        #expect(try right.push() == 0, "a second push sends nothing")
        #expect(try Self.storedResults(database, runID: run.id) == 40)
        #expect(try right.run("latest").id == run.id)
    }

    @Test("an unknown database is named in the error; a run keeps its results in the spool")
    func unknownDatabase() async throws {
        let database = try TestDatabase.make(.postgres)
        defer { database.tearDown() }
        let missing = TestDatabase.url(database.location, database: "afrun_no_such_database")
        #expect {
            _ = try AFHistory.open(missing)
        } throws: { error in
            guard case HistoryError.serverUnavailable(let server, let reason) = error else { return false }
            return server.hasSuffix("/afrun_no_such_database") && reason.contains("does not exist")
                && !"\(error)".contains(Self.password)
        }
        let store = try database.recordingStore(location: missing)
        let (_, warnings) = try await Self.recordRun(store)
        try await store.close()
        #expect(warnings.count == 1 && warnings[0].contains("\"afrun_no_such_database\" does not exist"))
        let spool = try await HistoryStore.open(path: database.spoolPath)
        defer { try? spool.close() }
        #expect(try spool.results(ofRun: "latest").results.count == 40)
    }

    @Test("a server that accepts and never answers costs the run its history timeout, not its connect timeout")
    func silentServer() async throws {
        let database = try TestDatabase.make(.postgres)
        defer { database.tearDown() }
        let listener = try SilentListener()
        defer { listener.shutdown() }
        // connect_timeout=60: the history timeout (1 s) bounds the connect, not the URL's bound.
        let silent = "postgres://afrun:\(Self.password)@127.0.0.1:\(listener.port)/afrun_test?connect_timeout=60"
        let started = ContinuousClock.now
        let store = try database.recordingStore(location: silent, timeout: 1)
        let (_, warnings) = try await Self.recordRun(store)
        try await store.close()
        let elapsed = ContinuousClock.now - started
        // About 1 s alone. The push ends by the timeout and `PostgresHistory.pushGrace`, but the spool's writer
        // and this task's resumption need threads the whole test process shares (26 s once in the full
        // suite). The warning below proves the history timeout ended the wait; this bound, under the URL's
        // 60 s, guards a hang.
        #expect(elapsed < .seconds(55), "the run ended after \(elapsed)")
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("no answer within the history timeout (1 s)") == true, "\(warnings)")
        #expect(!warnings[0].contains(Self.password))
    }

    @Test("a server that stops answering mid-run: the run ends within its history timeout; a push sends it once")
    func stalledMidRun() async throws {
        let database = try TestDatabase.make(.postgres)
        defer { database.tearDown() }
        try database.createSchema()
        var components = try #require(URLComponents(string: database.location))
        let proxy = try TCPProxy(to: try #require(components.port))
        components.port = proxy.port
        // 3 s: the background connect (TLS, SCRAM) has to end in that time even under ThreadSanitizer beside
        // 16 writers connecting at once.
        let store = try database.recordingStore(location: components.string, timeout: 3)
        // Connected (a query waits for the background connect), then the server hangs.
        #expect(try store.lastRunStatuses().isEmpty)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(contentsOf: Self.results, in: run)
        proxy.stall()
        let ending = ContinuousClock.now
        try await store.runDidFinish(run, summary: RunSummary(passed: 35, failed: 5), status: .complete)
        let elapsed = ContinuousClock.now - ending
        let warnings = store.takeWarnings()
        try await store.close()
        // The deadline, not a statement's own 30 s bound, ended the push: the warning says which, whatever the
        // load (about 1 s here with a 1 s timeout; 42 s once under ThreadSanitizer when the push shared
        // Swift's threads, 29 s once in the full suite since: the spool's writer and this task's resumption
        // wait for the test process's threads). The wall-time bound only guards against a hang.
        #expect(elapsed < .seconds(90), "the run's end took \(elapsed)")
        #expect(warnings.count == 1 && warnings[0].contains("1 run kept in"), "\(warnings)")
        #expect(warnings.first?.contains("no answer within the history timeout (3 s)") == true, "\(warnings)")
        // The hung server dies: its half-done transaction is rolled back.
        proxy.kill()

        let later = try #require(try database.recordingStore() as? PostgresHistory)
        defer { try? later.close() }
        #expect(try later.push() == 1)
        #expect(try later.push() == 0, "a second push sends nothing")
        #expect(try Self.storedResults(database, runID: run.id) == 40)
    }

    @Test("the server killed mid-run: the run is spooled, pushed later, nothing lost, nothing twice")
    func killedMidRun() async throws {
        let database = try TestDatabase.make(.postgres)
        defer { database.tearDown() }
        var components = try #require(URLComponents(string: database.location))
        let proxy = try TCPProxy(to: try #require(components.port))
        components.port = proxy.port
        let store = try database.recordingStore(location: components.string)
        // A query before the run opens the connection (as --shard does); the server then dies mid-run.
        #expect(try store.lastRunStatuses().isEmpty)
        let run = HistoryFixtures.run()
        try await store.runDidStart(run)
        try await store.record(contentsOf: Array(Self.results.prefix(20)), in: run)
        proxy.kill()
        try await store.record(contentsOf: Array(Self.results.dropFirst(20)), in: run)
        try await store.runDidFinish(run, summary: RunSummary(passed: 35, failed: 5), status: .complete)
        let warnings = store.takeWarnings()
        try await store.close()
        #expect(warnings.count == 1, "\(warnings)")
        #expect(try Self.storedResults(database, runID: run.id) == 0)

        // The spool's run reaches the server once: a merge of the spool file (as a push cut short after its
        // commit, before the spool forgot the run), then pushes, which find the run there.
        let later = try database.recordingStore() as? PostgresHistory
        let shared = try #require(later)
        defer { try? shared.close() }
        #expect(try shared.merge(from: database.spoolPath) == 1)
        #expect(try shared.push() == 0)
        #expect(try shared.push() == 0)
        #expect(try Self.storedResults(database, runID: run.id) == 40)
        #expect(try shared.runs(last: 10).count == 1)
        let spool = try await HistoryStore.open(path: database.spoolPath)
        defer { try? spool.close() }
        #expect(try spool.runs(last: 10).isEmpty, "the spool forgets what the server has")
    }

    /// The root of the test server's TLS certificate (ci/start-postgres.sh serves fixtures/tls/leaf.pem).
    static let tlsRoot = ProcessInfo.processInfo.environment["AFRUN_TEST_POSTGRES_TLS_ROOT"]

    /// Whether a connection to `url` uses TLS, as the server sees it.
    static func usesTLS(_ url: String) throws -> Bool? {
        let session = try PostgresSession.connect(PostgresLocation(parsing: url))
        defer { session.close() }
        let rows = try session.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", operation: "ssl")
        return try rows.first.flatMap { try PostgresValues($0).bool(0) }
    }

    @Test(
        "sslmode: verify-full with the server's root and require use TLS; disable does not; an untrusted certificate is refused",
        .enabled(if: Self.tlsRoot != nil, "AFRUN_TEST_POSTGRES_TLS_ROOT is not set: the server has no TLS")
    )
    func tlsModes() async throws {
        let database = try TestDatabase.make(.postgres)
        defer { database.tearDown() }
        let root = try #require(Self.tlsRoot)
        let verified = database.location + "?sslmode=verify-full&sslrootcert=\(root)"
        #expect(try Self.usesTLS(verified) == true)
        #expect(try Self.usesTLS(database.location + "?sslmode=require") == true)
        #expect(try Self.usesTLS(database.location + "?sslmode=disable") == false)
        let history = try AFHistory.open(verified)
        #expect(try history.runs(last: 1).isEmpty)
        try await history.close()
        // The system's roots do not hold the fixtures' root: refused, never downgraded to plain text.
        #expect {
            _ = try AFHistory.open(database.location + "?sslmode=verify-full")
        } throws: { error in
            guard case HistoryError.serverUnavailable = error else { return false }
            return !"\(error)".contains(Self.password)
        }
    }
}
