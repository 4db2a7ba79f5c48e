import Foundation
import PostgresNIO

/// One connection to a PostgreSQL history, used from one thread at a time: every call blocks until the
/// server answers or its time bound passes (then the connection is closed), so a server that accepts and
/// never answers costs a bounded wait, never a hung run.
///
/// Not `Sendable`: `PostgresHistory` uses it under its lock. The driver's futures complete on NIO's event
/// loop threads, never the caller's, so blocking the caller cannot stall them. The caller is a thread of its
/// own, never a task's: a run's connect and push run on `ServerThread`s, its queries before it starts and
/// its close on a `HistoryThread`; the `afrun history` commands are synchronous.
final class PostgresSession {
    /// The longest one statement may take (a push writes a run's results in statements of
    /// `PostgresPush.rowsPerStatement` rows).
    static let queryTimeout = TimeAmount.seconds(30)
    /// How long a closing TLS connection waits for the server's `close_notify`. NIOSSL's default, 5 s,
    /// outlasted `close()`'s wait when the server was busy or had stopped answering, and a connection
    /// released before it closed trips PostgresNIO's check; the history needs no answer to its close (the
    /// server rolls back what was not committed).
    static let tlsShutdownTimeout = TimeAmount.seconds(1)
    /// The longest `close()` waits for the connection to close: past `tlsShutdownTimeout`.
    static let closeTimeout = TimeAmount.seconds(3)

    let location: PostgresLocation
    /// When set, every statement waits at most until then (a run's `--history-timeout`), not `queryTimeout`.
    var deadline: PostgresDeadline?
    private let connection: PostgresConnection
    private let logger: Logger

    private init(location: PostgresLocation, connection: PostgresConnection, logger: Logger) {
        self.location = location
        self.connection = connection
        self.logger = logger
    }

    /// Connects, with TLS as `location.tlsMode` asks, within `location.connectTimeout` (or less, when
    /// `deadline` comes first); the session keeps `deadline` for its statements.
    /// - Throws: `HistoryError.serverUnavailable` naming the server (password masked) and why.
    static func connect(
        _ location: PostgresLocation,
        deadline: PostgresDeadline? = nil
    ) throws(HistoryError) -> PostgresSession {
        var logger = Logger(label: "afrun.history.postgres")
        // The driver logs its own events below `.critical` only; afrun reports what matters itself.
        logger.logLevel = .critical
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try Self.configuration(location)
        } catch {
            throw HistoryError.serverUnavailable(
                server: location.description,
                reason: location.scrub("TLS set-up: \(error)")
            )
        }
        let loop = PostgresConnection.defaultEventLoopGroup.any()
        let future = PostgresConnection.connect(on: loop, configuration: configuration, id: 1, logger: logger)
        let timeout = TimeAmount.seconds(Int64(location.connectTimeout))
        do {
            // A connection that completes after the wait gave up is closed, not left open until the process ends.
            let connection = try wait(future, within: timeout, deadline: deadline) {
                future.whenSuccess { connection in Self.release(connection) }
            }
            let session = PostgresSession(location: location, connection: connection, logger: logger)
            session.deadline = deadline
            return session
        } catch {
            throw HistoryError.serverUnavailable(
                server: location.description,
                reason: reason(error, location: location)
            )
        }
    }

    private static func configuration(_ location: PostgresLocation) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch location.tlsMode {
        case .disable:
            tls = .disable
        case .prefer, .require:
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.certificateVerification = .none
            settings.shutdownTimeout = tlsShutdownTimeout
            let context = try NIOSSLContext(configuration: settings)
            tls = location.tlsMode == .prefer ? .prefer(context) : .require(context)
        case .verifyCA, .verifyFull:
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.shutdownTimeout = tlsShutdownTimeout
            settings.certificateVerification =
                location.tlsMode == .verifyCA ? .noHostnameVerification : .fullVerification
            if let roots = location.rootCertificatePath { settings.trustRoots = .file(roots) }
            tls = .require(try NIOSSLContext(configuration: settings))
        }
        var configuration = PostgresConnection.Configuration(
            host: location.host,
            port: location.port,
            username: location.user,
            password: location.password,
            database: location.database,
            tls: tls
        )
        configuration.options.connectTimeout = .seconds(Int64(location.connectTimeout))
        return configuration
    }

    /// Runs one statement with `?` placeholders (numbered `$1…` here, so SQLite and PostgreSQL share SQL
    /// text) and returns its rows.
    /// - Throws: `HistoryError.database` naming the operation; the connection is closed after a timeout.
    @discardableResult
    func query(_ sql: String, _ arguments: [SQLArgument] = [], operation: String) throws(HistoryError) -> [PostgresRow]
    {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments { argument.bind(into: &bindings) }
        let query = PostgresQuery(unsafeSQL: Self.numbered(sql), binds: bindings)
        let future = connection.query(query, logger: logger)
        do {
            let result = try Self.wait(future, within: Self.queryTimeout, deadline: deadline) { [connection] in
                let _: EventLoopFuture<Void> = connection.close()
            }
            return Array(result)
        } catch {
            throw HistoryError.database(operation: operation, reason: Self.reason(error, location: location))
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(operation: String, _ body: () throws(HistoryError) -> T) throws(HistoryError) -> T {
        try query("BEGIN", operation: operation)
        do {
            let value = try body()
            try query("COMMIT", operation: operation)
            return value
        } catch {
            _ = try? query("ROLLBACK", operation: operation)
            throw error
        }
    }

    /// Whether the connection is gone (the server closed it, or a timeout did): a statement sent on it would
    /// never be answered, so the history connects again instead.
    var isClosed: Bool { connection.isClosed }

    /// Closes the connection (at once; nothing is pending between calls).
    func close() {
        let closed = Self.release(connection)
        _ = try? Self.wait(closed, within: Self.closeTimeout, onTimeout: {})
    }

    /// Closes `connection` and holds it until it is closed: PostgresNIO requires a connection to be closed
    /// before it is released (an assertion says so), and a TLS connection closes only after its
    /// `close_notify` (at most `tlsShutdownTimeout`). Before, a connect that completed after its wait gave up
    /// was released while closing, and tripped the assertion under load.
    @discardableResult
    private static func release(_ connection: PostgresConnection) -> EventLoopFuture<Void> {
        let closed: EventLoopFuture<Void> = connection.close()
        closed.whenComplete { _ in withExtendedLifetime(connection) {} }
        return closed
    }

    /// `?` placeholders as `$1`, `$2`… (the history's SQL has no `?` inside literals).
    static func numbered(_ sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.count + 16)
        var index = 0
        for character in sql {
            if character == "?" {
                index += 1
                output += "$\(index)"
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// Waits for `future` at most `limit`, or until `deadline` when that comes first; on timeout runs
    /// `onTimeout` (closing the connection fails what it still waits for) and throws `SessionTimeout`.
    private static func wait<T: Sendable>(
        _ future: EventLoopFuture<T>,
        within limit: TimeAmount,
        deadline: PostgresDeadline? = nil,
        onTimeout: @escaping @Sendable () -> Void
    ) throws -> T {
        let loop = future.eventLoop
        let promise = loop.makePromise(of: T.self)
        let timeout =
            if let deadline, deadline.cuts(limit) {
                SessionTimeout(seconds: deadline.seconds, isDeadline: true)
            } else {
                SessionTimeout(seconds: Double(limit.nanoseconds) / 1_000_000_000, isDeadline: false)
            }
        // Both callbacks run on `loop`; the first to complete the promise wins (a second completion is ignored).
        let timer = loop.scheduleTask(in: deadline?.bound(limit) ?? limit) {
            promise.fail(timeout)
            onTimeout()
        }
        future.whenComplete { result in
            timer.cancel()
            promise.completeWith(result)
        }
        // Blocking: the session is synchronous, used under `PostgresHistory`'s lock by one thread of its own at
        // a time (see the type's comment), so no task of Swift's executor waits here; an async session would
        // need that lock to be an async one, and every query and the push to be async with it.
        return try promise.futureResult.wait()
    }
}

/// A call that got no answer in time.
struct SessionTimeout: Error {
    var seconds: Double
    /// Whether the run's deadline (`--history-timeout`) ran out, rather than one statement's own bound.
    var isDeadline: Bool
}

/// A value bound to a statement's placeholder.
enum SQLArgument: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// A `text[]` (for `= ANY(?)`).
    case texts([String])

    func bind(into bindings: inout PostgresBindings) {
        switch self {
        case .null: bindings.appendNull()
        case .integer(let value): bindings.append(value)
        case .real(let value): bindings.append(value)
        case .text(let value): bindings.append(value)
        case .texts(let values): bindings.append(values)
        }
    }
}
