import Dispatch
import Foundation

/// Receives a session's task events: AFNetworking's task notifications and Alamofire's
/// `EventMonitor`, as one protocol with empty default implementations.
///
/// Every method runs on `queue`, never on the transfer-loop thread.
public protocol EventMonitor: Sendable {
    /// The queue the methods run on; a shared serial queue by default.
    var queue: DispatchQueue { get }
    /// A task was started or unpaused.
    func taskDidResume(_ task: SessionTask)
    /// A running task was paused.
    func taskDidSuspend(_ task: SessionTask)
    /// `cancel()` was called on a task.
    func taskDidCancel(_ task: SessionTask)
    /// A task finished, successfully or not.
    func taskDidComplete(_ task: SessionTask, with event: TaskCompletionEvent)
}

extension EventMonitor {
    /// A serial queue shared by monitors that do not choose one.
    public var queue: DispatchQueue { EventMonitorQueue.shared }
    /// Does nothing.
    public func taskDidResume(_ task: SessionTask) {}
    /// Does nothing.
    public func taskDidSuspend(_ task: SessionTask) {}
    /// Does nothing.
    public func taskDidCancel(_ task: SessionTask) {}
    /// Does nothing.
    public func taskDidComplete(_ task: SessionTask, with event: TaskCompletionEvent) {}
}

enum EventMonitorQueue {
    static let shared = DispatchQueue(label: "afrun.event-monitor")
}

/// What a task ended with, as an event monitor sees it.
public struct TaskCompletionEvent: Sendable {
    /// The request as sent.
    public var request: HTTPRequest
    /// The response head, when one arrived.
    public var response: HTTPResponse?
    /// The body of a data or upload task that succeeded.
    public var data: Data?
    /// The destination file of a download task that succeeded.
    public var fileURL: URL?
    /// The error, when the task failed.
    public var error: SessionError?
    /// libcurl's measurements, when the transfer started.
    public var metrics: TransferMetrics?
}

/// An event monitor made of closures, for tests and logging.
public struct ClosureEventMonitor: EventMonitor {
    /// The queue the closures run on.
    public let queue: DispatchQueue
    /// Called when a task resumes.
    public var didResume: (@Sendable (SessionTask) -> Void)?
    /// Called when a task completes.
    public var didComplete: (@Sendable (SessionTask, TaskCompletionEvent) -> Void)?

    /// Creates a monitor.
    /// - Parameters:
    ///   - queue: where the closures run.
    ///   - didResume: called when a task resumes.
    ///   - didComplete: called when a task completes.
    public init(
        queue: DispatchQueue = DispatchQueue(label: "afrun.closure-monitor"),
        didResume: (@Sendable (SessionTask) -> Void)? = nil,
        didComplete: (@Sendable (SessionTask, TaskCompletionEvent) -> Void)? = nil
    ) {
        self.queue = queue
        self.didResume = didResume
        self.didComplete = didComplete
    }

    /// Calls `didResume`.
    public func taskDidResume(_ task: SessionTask) { didResume?(task) }
    /// Calls `didComplete`.
    public func taskDidComplete(_ task: SessionTask, with event: TaskCompletionEvent) { didComplete?(task, event) }
}
