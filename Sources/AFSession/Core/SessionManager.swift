import Foundation

/// Runs tasks over a libcurl multi handle owned by a transfer-loop thread (one by default; see
/// `SessionConfiguration.transferThreads`) (AFNetworking's `AFURLSessionManager`).
///
/// ```swift
/// let session = SessionManager()
/// let response = try await session.data(for: HTTPRequest(url: url))
/// await session.shutdown()
/// ```
///
/// A session must be shut down (`shutdown()`, `invalidate(cancelingTasks:)`, or use
/// `withSessionManager { }`); a debug build asserts this when the session is released.
public final class SessionManager: Sendable {
    /// The configuration the session was created with.
    public let configuration: SessionConfiguration
    /// Where completion handlers and progress closures run (never the transfer-loop thread).
    public let completionQueue: DispatchQueue
    /// The monitors told about every task's events.
    public let eventMonitors: [any EventMonitor]

    let loops: TransferLoopGroup
    let registry = TaskRegistry()
    let options: TransportOptions

    /// Creates a session and starts its transfer loop.
    public convenience init(configuration: SessionConfiguration = SessionConfiguration()) {
        self.init(configuration: configuration, completionQueue: nil, eventMonitors: [])
    }

    /// Creates a session and starts its transfer loop.
    /// - Parameters:
    ///   - configuration: timeouts, redirects, protocol, connections, cookies, trust.
    ///   - completionQueue: where completion handlers and progress closures run; a serial queue of
    ///     the session's own when nil.
    ///   - eventMonitors: told about every task's resume, suspend, cancel and completion.
    public init(
        configuration: SessionConfiguration,
        completionQueue: DispatchQueue?,
        eventMonitors: [any EventMonitor]
    ) {
        self.configuration = configuration
        self.completionQueue = completionQueue ?? DispatchQueue(label: "afrun.session.completion")
        self.eventMonitors = eventMonitors
        self.options = TransportOptions(configuration: configuration)
        self.loops = TransferLoopGroup(
            count: configuration.transferThreads,
            limits: .init(
                maxConnections: max(1, configuration.maxConnections),
                maxConnectionsPerHost: max(0, configuration.maxConnectionsPerHost ?? 0),
                // Prior knowledge on a libcurl that cannot reuse its connections: no transfer joins another's
                // connection, a redirect's next request included (`CURLOPT_FRESH_CONNECT` spares only the first).
                multiplexes: configuration.httpVersion != .http2PriorKnowledge
                    || CurlGlobal.reusesPriorKnowledgeConnections
            )
        )
    }

    /// A session released without `shutdown()` stops its loops too, as Alamofire's `Session` invalidates itself
    /// when released: nothing waits for the threads then, and they end on their own.
    deinit {
        if !registry.isInvalidated { loops.requestShutdown() }
    }

    // MARK: Registry

    /// Every task not completed yet, in creation order.
    public var tasks: [SessionTask] { registry.all }
    /// The live data tasks.
    public var dataTasks: [SessionTask] { registry.all.filter { $0.kind == .data } }
    /// The live upload tasks.
    public var uploadTasks: [SessionTask] { registry.all.filter { $0.kind == .upload } }
    /// The live download tasks.
    public var downloadTasks: [SessionTask] { registry.all.filter { $0.kind == .download } }

    // MARK: Lifecycle

    /// Stops accepting tasks. With `cancelingTasks`, every live task is cancelled; without, running
    /// tasks finish first. The loop thread ends when no task is left. New tasks fail with
    /// `.sessionInvalidated`.
    public func invalidate(cancelingTasks: Bool) {
        let live = registry.invalidate(stoppingWhenEmpty: loops)
        if cancelingTasks { for task in live { task.cancel() } }
    }

    /// Cancels every task, stops the transfer loop and waits until its thread released libcurl.
    /// Later tasks fail with `.sessionInvalidated`.
    public func shutdown() async {
        invalidate(cancelingTasks: true)
        await loops.shutdown()
    }

    // MARK: Task creation

    func makeTask(kind: SessionTask.Kind, request: HTTPRequest, handlers: TaskHandlers) -> SessionTask {
        var prepared = request
        prepared.headers = configuration.defaultHeaders.merging(request.headers)
        let context = TaskContext(
            loop: loops.pick(),
            registry: registry,
            options: options,
            completionQueue: completionQueue,
            monitors: eventMonitors,
            handlers: handlers
        )
        let preflight = Self.validate(prepared.url)
        let task = SessionTask(
            identifier: registry.makeIdentifier(),
            kind: kind,
            request: prepared,
            context: context,
            preflightError: preflight
        )
        if !registry.insert(task) {
            return SessionTask(
                identifier: task.identifier,
                kind: kind,
                request: prepared,
                context: context,
                preflightError: .sessionInvalidated
            )
        }
        return task
    }

    /// Only absolute http and https URLs with a host are sent.
    static func validate(_ url: URL) -> SessionError? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return .invalidURL(url.absoluteString) }
        return nil
    }
}

/// Runs `body` with a new session and shuts the session down afterwards, even when `body` throws.
/// - Parameters:
///   - configuration: the session's configuration.
///   - isolation: the caller's actor, where `body` runs (so a `@MainActor` caller may pass a closure that
///     uses its state, as with `withTaskGroup`); leave the default.
///   - body: what to do with the session.
/// - Returns: what `body` returns.
public func withSessionManager<T: Sendable>(
    configuration: SessionConfiguration = SessionConfiguration(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (SessionManager) async throws -> T
) async rethrows -> T {
    let session = SessionManager(configuration: configuration)
    do {
        let result = try await body(session)
        await session.shutdown()
        return result
    } catch {
        await session.shutdown()
        throw error
    }
}
