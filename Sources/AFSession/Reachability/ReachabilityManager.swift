import CLinuxNet
import Foundation

#if canImport(Glibc)
import Glibc
import Locking
#endif

/// Tells whether the network, or one host, can be reached, and calls back when that changes
/// (AFNetworking's `AFNetworkReachabilityManager`, on Linux's rtnetlink instead of
/// SystemConfiguration).
///
/// ```swift
/// let reachability = ReachabilityManager(domain: "api.example.com")
/// reachability.setStatusChangeHandler { status in print("now \(status)") }
/// reachability.startMonitoring()          // the first status arrives at once
/// for await status in reachability.statusUpdates() { … }
/// reachability.stopMonitoring()
/// let now = await reachability.currentStatus()   // a one-off evaluation, no monitoring needed
/// ```
///
/// Reachability means a route exists through an interface that is up; it sends no packet and
/// does not prove the server answers.
public final class ReachabilityManager: Sendable {
    /// What this manager watches.
    public let target: ReachabilityTarget
    private let namespaceFD: Int32?
    private let state = LockedValue(State())

    private struct State {
        var status: ReachabilityStatus = .unknown
        var handler: (@Sendable (ReachabilityStatus) -> Void)?
        var handlerQueue = DispatchQueue(label: "afrun.reachability.callbacks")
        var continuations: [Int: AsyncStream<ReachabilityStatus>.Continuation] = [:]
        var nextContinuationID = 0
        var monitor: RouteChangeMonitor?
    }

    /// The manager for the network as a whole, shared (AF's `sharedManager`).
    public static let shared = ReachabilityManager(target: .network)

    /// Creates a manager for a target in this process's network namespace.
    /// - Parameter target: the network, a host name or an address.
    public init(target: ReachabilityTarget = .network) {
        self.target = target
        self.namespaceFD = nil
    }

    /// Creates a manager for a host name (AF's `managerForDomain:`).
    public convenience init(domain: String) { self.init(target: .host(domain)) }

    /// Creates a manager for a numeric IPv4 or IPv6 address (AF's `managerForAddress:`).
    public convenience init(address: String) { self.init(target: .address(address)) }

    /// Creates a manager that evaluates inside a named network namespace (`ip netns add NAME`),
    /// for tests and for tools that watch an isolated network.
    /// - Throws: `SessionError.fileSystem` when `/var/run/netns/NAME` cannot be opened.
    public init(target: ReachabilityTarget, networkNamespace name: String) throws(SessionError) {
        let path = "/var/run/netns/\(name)"
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw .fileSystem(FileSystemFailure(path: path, message: String(cString: strerror(errno))))
        }
        self.target = target
        self.namespaceFD = fd
    }

    deinit {
        if let monitor = state.withLock({ $0.monitor }) { monitor.stop() }
        if let namespaceFD { close(namespaceFD) }
    }

    /// The last status observed (`unknown` before the first evaluation).
    public var status: ReachabilityStatus { state.withLock { $0.status } }

    /// Whether `startMonitoring()` is in force.
    public var isMonitoring: Bool { state.withLock { $0.monitor != nil } }

    /// Evaluates the target now and records the result (AF's `networkReachabilityStatus`, asked afresh).
    ///
    /// The evaluation runs on a thread of its own, the calling task suspended meanwhile: resolving a host
    /// name may block for the resolver's whole timeout, and a namespace (`init(target:networkNamespace:)`)
    /// is entered per thread. Swift's shared executor has one thread per core, which a blocking probe would
    /// take from every other task.
    /// - Returns: the status now.
    public func currentStatus() async -> ReachabilityStatus {
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<ReachabilityStatus, Never>) in
            // The thread holds the manager, and so its namespace's descriptor, until it is done.
            let thread = Thread { [self] in
                if let namespaceFD, afn_enter_network_namespace(namespaceFD) != 0 {
                    continuation.resume(returning: .unknown)
                } else {
                    continuation.resume(returning: NetworkProbe.evaluate(target))
                }
            }
            thread.name = "afrun.reachability.probe"
            thread.start()
        }
        update(status, always: false)
        return status
    }

    /// Sets the closure called with each new status, on `queue` (a private serial queue by default).
    public func setStatusChangeHandler(
        queue: DispatchQueue? = nil,
        _ handler: (@Sendable (ReachabilityStatus) -> Void)?
    ) {
        state.withLock { state in
            state.handler = handler
            if let queue { state.handlerQueue = queue }
        }
    }

    /// An async sequence of statuses: the current one first (once known), then every change,
    /// until the task iterating it is cancelled. Call `startMonitoring()` for changes to arrive.
    public func statusUpdates() -> AsyncStream<ReachabilityStatus> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ReachabilityStatus.self,
            bufferingPolicy: .bufferingNewest(16)
        )
        let (id, current) = state.withLock { state in
            let id = state.nextContinuationID
            state.nextContinuationID += 1
            state.continuations[id] = continuation
            return (id, state.status)
        }
        if current != .unknown { continuation.yield(current) }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Starts watching link, address and route changes; the first status is delivered right away.
    public func startMonitoring() {
        guard
            let monitor = RouteChangeMonitor(
                target: target,
                namespaceFD: namespaceFD,
                report: { [weak self] monitor, status, isFirst in
                    self?.update(status, always: isFirst, from: monitor)
                }
            )
        else { return }
        let started = state.withLock { state -> Bool in
            guard state.monitor == nil else { return false }
            state.monitor = monitor
            return true
        }
        if started { monitor.start() }
    }

    /// Stops watching; the handler and streams stay registered for a later start. Returns at once: the
    /// monitor thread ends on its own, and no evaluation it finishes later is recorded or delivered.
    public func stopMonitoring() {
        let monitor = state.withLock { state -> RouteChangeMonitor? in
            defer { state.monitor = nil }
            return state.monitor
        }
        monitor?.stop()
    }

    /// Records a status; delivers it when it changed, or always for the first report after a start.
    /// - Parameter monitor: the monitor that reports it; a report of one that was stopped is dropped.
    private func update(_ status: ReachabilityStatus, always: Bool, from monitor: RouteChangeMonitor? = nil) {
        // Streams are fed under the lock (a yield never blocks), so none hears of a stopped monitor's evaluation
        // once `stopMonitoring()` has returned; the handler, called on its queue later, checks again there.
        let delivery = state.withLock { state -> (DispatchQueue, @Sendable (ReachabilityStatus) -> Void)? in
            if let monitor, state.monitor !== monitor { return nil }
            let changed = state.status != status
            state.status = status
            guard changed || always else { return nil }
            for continuation in state.continuations.values { continuation.yield(status) }
            return state.handler.map { (state.handlerQueue, $0) }
        }
        guard let (queue, handler) = delivery else { return }
        queue.async { [state] in
            if let monitor, state.withLock({ $0.monitor }) !== monitor { return }
            handler(status)
        }
    }
}
