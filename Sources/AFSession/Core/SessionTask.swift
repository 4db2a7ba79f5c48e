import Foundation
import Locking

/// One request run by a `SessionManager` (AFNetworking's `NSURLSessionTask` with its delegate).
///
/// Tasks are created suspended: call `resume()` to start. `suspend()` pauses a running transfer,
/// `cancel()` stops it; the result is delivered exactly once, to the completion handler (on the
/// session's completion queue), to every `await` of `dataResponse()` / `downloadResponse()`, and
/// to the session's event monitors.
public final class SessionTask: Sendable, Hashable, CustomStringConvertible {
    /// What a task does with the body.
    public enum Kind: String, Sendable, Hashable {
        /// Response body in memory.
        case data
        /// Request body from memory or a file, response body in memory.
        case upload
        /// Response body streamed to a file.
        case download
    }

    /// The task's state, as `NSURLSessionTaskState`.
    public enum State: String, Sendable, Hashable {
        /// Created and not resumed, or paused.
        case suspended
        /// Running on the transfer loop.
        case running
        /// `cancel()` was called; the result is on its way.
        case canceling
        /// The result was delivered.
        case completed
    }

    /// Unique among the session's tasks.
    public let identifier: Int
    /// What the task does with the body.
    public let kind: Kind
    /// The request as it is sent (the session's default headers applied).
    public let originalRequest: HTTPRequest

    let context: TaskContext
    let mutable: LockedValue<TaskMutableState>

    init(identifier: Int, kind: Kind, request: HTTPRequest, context: TaskContext, preflightError: SessionError?) {
        self.identifier = identifier
        self.kind = kind
        self.originalRequest = request
        self.context = context
        var state = TaskMutableState()
        state.preflightError = preflightError
        state.progressObserved = context.handlers.uploadProgress != nil || context.handlers.downloadProgress != nil
        self.mutable = LockedValue(state)
    }

    /// A free-form label (AFNetworking's `taskDescription`).
    public var taskDescription: String? {
        get { mutable.withLock { $0.taskDescription } }
        set { mutable.withLock { $0.taskDescription = newValue } }
    }

    /// The current state.
    public var state: State {
        switch mutable.withLock({ $0.machine.state }) {
        case .initial, .paused: .suspended
        case .running: .running
        case .cancelling: .canceling
        case .completed: .completed
        }
    }

    /// The response head, once the task completed with one.
    public var response: HTTPResponse? { mutable.withLock { $0.outcome?.response } }
    /// The error, once the task failed.
    public var error: SessionError? {
        mutable.withLock { $0.result.flatMap { if case .failure(let e) = $0 { e } else { nil } } }
    }
    /// libcurl's measurements, once the task completed after starting.
    public var metrics: TransferMetrics? { mutable.withLock { $0.outcome?.metrics } }

    /// The temporary file a download task writes to while it runs; nil before it starts.
    var temporaryFileURL: URL? { mutable.withLock { $0.temporaryFileURL } }

    /// `#id kind METHOD url`.
    public var description: String { "#\(identifier) \(kind.rawValue) \(originalRequest)" }

    /// Tasks are equal when they are the same object.
    public static func == (lhs: SessionTask, rhs: SessionTask) -> Bool { lhs === rhs }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// What a task needs from its session; fixed at creation.
struct TaskContext: Sendable {
    let loop: TransferLoop
    let registry: TaskRegistry
    let options: TransportOptions
    let completionQueue: DispatchQueue
    let monitors: [any EventMonitor]
    let handlers: TaskHandlers
}

/// The closures a task was created with.
struct TaskHandlers: Sendable {
    var uploadProgress: (@Sendable (TransferProgress) -> Void)?
    var downloadProgress: (@Sendable (TransferProgress) -> Void)?
    var destination: (@Sendable (URL, HTTPResponse) -> URL)?
    var completion: (@Sendable (TaskResult) -> Void)?
}

/// What a task produced.
enum TaskValue: Sendable {
    case data(DataResponse)
    case download(DownloadResponse)
}

typealias TaskResult = Result<TaskValue, SessionError>

/// A task's state under its lock.
///
/// The large values (the outcome, the result, a preflight error) are kept in boxes: inline they
/// made the state, allocated and zeroed for every request, well over a kilobyte, most of it
/// written only once at the end.
struct TaskMutableState: ~Copyable {
    var machine = TransferStateMachine()
    var taskDescription: String?
    var preflightError: SessionError? {
        get { preflightBox?.value }
        set { preflightBox = newValue.map(Box.init) }
    }
    var progressObserved = false
    /// The outcome, once delivered.
    var outcome: TransferOutcome? { delivered?.value.outcome }
    /// Where a download task's body is written while it runs.
    var temporaryFileURL: URL?
    /// The result, once delivered.
    var result: TaskResult? { delivered?.value.result }
    /// The outcome and the result, set once by `deliver`.
    var delivered: Box<(outcome: TransferOutcome, result: TaskResult)>?
    private var preflightBox: Box<SessionError>?
    /// The first `await` of the result (the usual only one), kept apart so that it needs no array.
    var firstWaiter: CheckedContinuation<TaskResult, Never>?
    /// Any further awaits.
    var waiters: [CheckedContinuation<TaskResult, Never>] = []
    var uploadStream: (AsyncStream<TransferProgress>, AsyncStream<TransferProgress>.Continuation)?
    var downloadStream: (AsyncStream<TransferProgress>, AsyncStream<TransferProgress>.Continuation)?
}

/// An immutable value on the heap, so that a rarely set large value costs its owner one pointer.
final class Box<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
