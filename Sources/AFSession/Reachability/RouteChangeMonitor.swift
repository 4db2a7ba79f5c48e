import CLinuxNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A thread that listens on an rtnetlink socket for link, address and route changes and
/// re-evaluates a target after each burst of them. Nothing is polled on a timer.
///
/// The thread enters the manager's network namespace first (when one is set), so the netlink
/// socket, `/proc/thread-self/net` and the probes all see that namespace.
///
/// The thread holds the monitor until it exits, and the monitor's descriptors (the wake-up pipe, its own
/// copy of the namespace's) close with the monitor: `stop()` need not wait for the thread, which may be in
/// the middle of resolving a host name, and the thread never uses a descriptor closed under it.
final class RouteChangeMonitor: Sendable {
    /// Called on the monitor thread with each evaluation; `isFirst` marks the one made right after start.
    typealias Report = @Sendable (_ monitor: RouteChangeMonitor, _ status: ReachabilityStatus, _ isFirst: Bool) -> Void

    private let target: ReachabilityTarget
    private let namespaceFD: Int32?
    private let report: Report
    /// The read and write ends of the pipe that wakes the thread to stop.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Creates a monitor; `report` is called on the monitor thread with every evaluation, and
    /// `isFirst` marks the one made right after start.
    init?(
        target: ReachabilityTarget,
        namespaceFD: Int32?,
        report: @escaping Report
    ) {
        var namespace: Int32?
        if let namespaceFD {
            namespace = fcntl(namespaceFD, F_DUPFD_CLOEXEC, 0)
            guard let copy = namespace, copy >= 0 else { return nil }
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            if let namespace { close(namespace) }
            return nil
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        self.target = target
        self.namespaceFD = namespace
        self.report = report
        self.wakeRead = fds[0]
        self.wakeWrite = fds[1]
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
        if let namespaceFD { close(namespaceFD) }
    }

    /// Starts the thread; the first evaluation is reported at once.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "afrun.reachability"
        thread.start()
    }

    /// Tells the thread to exit, without waiting for it.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func run() {
        if let namespaceFD, afn_enter_network_namespace(namespaceFD) != 0 {
            report(self, .unknown, true)
            return
        }
        let netlink = Self.openRouteSocket()
        defer { if netlink >= 0 { close(netlink) } }
        report(self, NetworkProbe.evaluate(target), true)
        guard netlink >= 0 else { return }  // no change events: the first status stands

        var fds = [
            pollfd(fd: netlink, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            // Changes come in bursts (link up, then addresses, then routes): drain, wait briefly
            // for the rest of the burst, then evaluate once.
            repeat { Self.drain(netlink) } while Self.readable(netlink, withinMilliseconds: 30)
            report(self, NetworkProbe.evaluate(target), false)
        }
    }

    private static func openRouteSocket() -> Int32 {
        let fd = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue | SOCK_CLOEXEC.rawValue), NETLINK_ROUTE)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = afn_route_change_groups()
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    private static func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
    }

    private static func readable(_ fd: Int32, withinMilliseconds timeout: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, timeout) > 0
    }
}
