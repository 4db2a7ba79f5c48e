import AFRunner
import Foundation
import Locking
import PostgresNIO

/// A history in PostgreSQL that many runners share.
///
/// A run never waits for the server: it records into a local SQLite spool (`HistoryStore`, batched as
/// always) while the connection opens in the background, and once it ended pushes every finished run of
/// the spool to the server in one transaction each (`PostgresPush`). The push has one deadline, `timeout`
/// (`--history-timeout`) from the run's end, which bounds the connect and every statement together: a server
/// that is down, refuses the password, is slow or does not answer costs one warning and at most `timeout`
/// after the run's end. The run waits for the push no longer than that and `pushGrace`, whatever holds it
/// back. What was not sent stays in the spool, and the next run or `afrun history push` sends it. Pushing
/// is idempotent by run id, and a run's rows go in one transaction, so a push cut short (the connection
/// closed mid-transaction: the server rolls it back) sends nothing twice and loses nothing.
///
/// The queries (`afrun history …`) read the server, with the same answers as `HistoryStore` gives.
public final class PostgresHistory: HistoryStoring {
    /// The server and database.
    public let server: PostgresLocation
    /// How much of each result the runs it records keep.
    public let detail: HistoryDetail
    /// The local SQLite file runs are recorded into before they are pushed.
    public let spoolPath: String
    /// The spool, opened in the background for a run; nil for queries.
    private let spool: HistoryStore?
    /// How long a run may wait for the server, in seconds: once at its end for the push (connect included),
    /// and for each query before it starts (`--shard`…). Queries for `afrun history` have no such bound.
    public let timeout: Double
    /// `timeout` when none is given.
    public static let defaultTimeout: Double = 10
    /// How long past its deadline a run still waits for its push: time for a push the deadline cut short to
    /// keep what it did not send in the spool and say so. A push not over by then goes on alone.
    static let pushGrace = TimeAmount.seconds(5)
    private let state = LockedValue(State())
    private let ending = LockedValue(Ending())

    /// The connection; under `state`'s lock (queries run one at a time: they block on the server while
    /// holding it, and so does the push).
    private struct State {
        var session: PostgresSession?
        /// Why the server could not be reached the first time (a run does not try again for each query).
        var failure: HistoryError?
        /// Set by `close()`: a background connect that starts later opens nothing.
        var closed = false
    }

    /// What the store has to say after the run, and the push the run stopped waiting for; under a lock of
    /// its own, which a push never holds while it waits.
    private struct Ending {
        var warnings: [String] = []
        /// A push is under way.
        var pushing = false
        /// The run stopped waiting for the push and warned: the push adds no warning of its own.
        var abandoned = false
        /// `close()` came while the push was under way: the push closes the store when it ends.
        var closesAfterPush = false
    }

    /// A history on `server`. For a run (`recording`), the spool opens and the connection is made in the
    /// background, within `timeout`, while the run goes on; for queries nothing is sent until the first.
    init(
        server: PostgresLocation,
        detail: HistoryDetail,
        spoolPath: String,
        recording: Bool,
        timeout: Double = defaultTimeout
    ) {
        self.server = server
        self.detail = detail
        self.spoolPath = spoolPath
        self.timeout = timeout
        spool = recording ? HistoryStore.openInBackground(path: spoolPath, detail: detail) : nil
        guard recording else { return }
        // The connect and the schema check overlap the run, so its end only sends rows. A failure is kept
        // (`State.failure`) and reported once, by the push.
        let deadline = PostgresDeadline(seconds: timeout)
        ServerThread.start("afrun.history.connect") { [self] in
            _ = try? withSession(deadline: deadline) { _ throws(HistoryError) in }
        }
    }

    /// The spool file of `server` in the folder of `AFHistory.defaultDatabasePath`.
    static func defaultSpoolPath(for server: PostgresLocation) -> String {
        let folder = (AFHistory.defaultDatabasePath as NSString).deletingLastPathComponent
        return (folder as NSString).appendingPathComponent(server.spoolFileName)
    }

    public var location: String { server.description }

    public var passedResultDetail: PassedResultDetail { detail == .all ? .full : .summary }

    public func takeWarnings() -> [String] {
        ending.withLock { ending in
            defer { ending.warnings = [] }
            return ending.warnings
        }
    }

    /// Closes the spool and the connection; when a push the run stopped waiting for is still under way, it
    /// does so once the push ends, and this returns at once.
    public func close() throws {
        let pushing = ending.withLock { ending in
            if ending.pushing { ending.closesAfterPush = true }
            return ending.pushing
        }
        if !pushing { try closeNow() }
    }

    private func closeNow() throws {
        let session = state.withLock { state in
            defer {
                state.session = nil
                state.closed = true
            }
            return state.session
        }
        session?.close()
        try spool?.close()
    }

    // MARK: ResultSink: into the spool

    public func runDidStart(_ run: RunInfo) async throws {
        try await recordingSpool().runDidStart(run)
    }

    public func record(_ result: TestResult, in run: RunInfo) async throws {
        try await recordingSpool().record(result, in: run)
    }

    public func record(contentsOf results: [TestResult], in run: RunInfo) async throws {
        try await recordingSpool().record(contentsOf: results, in: run)
    }

    /// Stores the run's end in the spool (a spool that cannot store it is the run's error, as for a SQLite
    /// history), then pushes the spool's finished runs; a push that fails is a warning (`takeWarnings`).
    /// Returns within `timeout` and `pushGrace`.
    public func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        let spool = try recordingSpool()
        try await spool.runDidFinish(run, summary: summary, status: status)
        // From here, not from when the push gets going: whatever delays it (the connection still busy, a
        // thread) counts against the run's deadline.
        let deadline = PostgresDeadline(seconds: timeout)
        ending.withLock { $0.pushing = true }
        let ended = await ServerThread.run("afrun.history.push", waitingUntil: deadline.instant + Self.pushGrace) {
            [self] in
            let warning = push(spool, by: deadline)
            // One step with the warning: the run's end, if it stopped waiting, warned alone.
            let closes = ending.withLock { ending in
                ending.pushing = false
                if let warning, !ending.abandoned { ending.warnings.append(warning) }
                return ending.closesAfterPush
            }
            if closes { try? closeNow() }
        }
        if !ended {
            let seconds = timeout.formatted(.number.precision(.fractionLength(0...3)))
            let warning =
                "the run was not sent to the shared history \(server) within the history timeout (\(seconds) s); "
                + "it stays in \(spoolPath) until a push sends it: the next run or `afrun history push`"
            ending.withLock { ending in
                // Unless the push ended meanwhile, with its own word.
                if ending.pushing {
                    ending.abandoned = true
                    ending.warnings.append(warning)
                }
            }
        }
    }

    private func recordingSpool() throws(HistoryError) -> HistoryStore {
        guard let spool else {
            throw HistoryError.database(operation: "record", reason: "\(server) was opened for queries only")
        }
        return spool
    }

    /// Pushes `spool` by `deadline` (the wait for a connect still under way included).
    /// - Returns: nil, or the run's one warning when the push failed.
    private func push(_ spool: HistoryStore, by deadline: PostgresDeadline) -> String? {
        do {
            _ = try withSession(deadline: deadline) { session throws(HistoryError) in
                try PostgresPush(session: session, source: spool, deletesPushed: true).run()
            }
            return nil
        } catch {
            let left = (try? spool.runs(last: Int.max).filter { $0.status != .running }.count) ?? 0
            let warning =
                "the run was not sent to the shared history: \(server.scrub(error.description)); "
                + "\(left) run\(left == 1 ? "" : "s") kept in \(spoolPath), sent by the next run or `afrun history push`"
            return warning
        }
    }

    // MARK: The connection

    /// Connects (and brings the schema up to date) now, for a command that needs the server.
    /// - Throws: `HistoryError.serverUnavailable` (unreachable, refused), `.migrationFailed`, `.newerSchema`.
    public func connect() throws(HistoryError) {
        try withSession { _ throws(HistoryError) in }
    }

    /// Runs `body` on the connection, opening it first when needed (or again, when the server closed it: a
    /// restart, an idle timeout, a deadline that passed); a server that could not be reached once is not
    /// tried again by this store, so a run pays the connect timeout once.
    /// - Parameter deadline: when the connect and `body`'s statements must be over; by default, for a run's
    ///   store, `timeout` from now (a query before the run), else none (each statement's own bound).
    func withSession<T>(
        deadline: PostgresDeadline? = nil,
        _ body: (PostgresSession) throws(HistoryError) -> T
    ) throws(HistoryError) -> T {
        let deadline = deadline ?? (spool == nil ? nil : PostgresDeadline(seconds: timeout))
        let outcome: Result<T, HistoryError> = state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            if state.closed {
                return .failure(.database(operation: "connect", reason: "\(server) was closed"))
            }
            do throws(HistoryError) {
                let session: PostgresSession
                if let open = state.session, !open.isClosed {
                    session = open
                    session.deadline = deadline
                } else {
                    session = try PostgresSession.connect(server, deadline: deadline)
                    do throws(HistoryError) {
                        try PostgresMigrator(session: session).migrate()
                    } catch {
                        session.close()
                        throw error
                    }
                    state.session = session
                }
                return .success(try body(session))
            } catch {
                if state.session == nil { state.failure = error }
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
