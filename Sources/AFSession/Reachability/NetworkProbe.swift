import CLinuxNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Evaluates reachability on the calling thread, in that thread's network namespace, without
/// sending a packet: default routes are read from `/proc/thread-self/net`, and a host's route is
/// found by connecting a UDP socket (which makes the kernel choose a route and a source address
/// but transmits nothing).
enum NetworkProbe {
    /// `IFF_UP | IFF_RUNNING`: administratively up and with carrier.
    private static let upAndRunning = UInt32(IFF_UP) | UInt32(IFF_RUNNING)
    /// `RTF_UP` and `RTF_REJECT` from the route tables' flag columns.
    private static let routeUp: UInt32 = 0x0001
    private static let routeReject: UInt32 = 0x0200

    /// The status of `target` as seen from this thread now.
    static func evaluate(_ target: ReachabilityTarget) -> ReachabilityStatus {
        let interfaces = NetworkInterface.all()
        switch target {
        case .network:
            return evaluateDefaultRoute(interfaces)
        case .host(let name):
            return evaluateHost(name, numericOnly: false, interfaces)
        case .address(let address):
            return evaluateHost(address, numericOnly: true, interfaces)
        }
    }

    /// Reachable when a default route (IPv4 or IPv6) goes through an interface that is up.
    private static func evaluateDefaultRoute(_ interfaces: [String: NetworkInterface]) -> ReachabilityStatus {
        for name in defaultRouteInterfaces() {
            if let interface = interfaces[name], interface.flags & upAndRunning == upAndRunning {
                return .reachable(via: interface.kind)
            }
        }
        return .notReachable
    }

    /// Names of interfaces carrying a usable default route, IPv4 first.
    private static func defaultRouteInterfaces() -> [String] {
        var names: [String] = []
        // IPv4: Iface Destination Gateway Flags RefCnt Use Metric Mask … (hex, host byte order).
        for columns in table("/proc/thread-self/net/route").dropFirst() where columns.count >= 8 {
            let flags = UInt32(columns[3], radix: 16) ?? 0
            if columns[1] == "00000000", columns[7] == "00000000", flags & routeUp != 0 { names.append(columns[0]) }
        }
        // IPv6: dest prefix src prefix next-hop metric refcnt use flags iface.
        for columns in table("/proc/thread-self/net/ipv6_route") where columns.count >= 10 {
            let flags = UInt32(columns[8], radix: 16) ?? 0
            let isDefault = columns[0].allSatisfy { $0 == "0" } && columns[1] == "00"
            if isDefault, flags & routeUp != 0, flags & routeReject == 0 { names.append(columns[9]) }
        }
        return names
    }

    private static func table(_ path: String) -> [[String]] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
    }

    /// Reachable when the kernel has a route to one of the host's addresses through an interface
    /// that is up. A name that does not resolve is not reachable.
    private static func evaluateHost(
        _ host: String,
        numericOnly: Bool,
        _ interfaces: [String: NetworkInterface]
    ) -> ReachabilityStatus {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        hints.ai_flags = numericOnly ? AI_NUMERICHOST : 0
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, "9", &hints, &list) == 0, let first = list else { return .notReachable }
        defer { freeaddrinfo(first) }
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            if let source = sourceAddress(for: info.pointee),
                let interface = interfaces.values.first(where: { $0.addresses.contains(source) }),
                interface.flags & upAndRunning == upAndRunning || interface.kind == .loopback
            {
                return .reachable(via: interface.kind)
            }
            cursor = info.pointee.ai_next
        }
        return .notReachable
    }

    /// The local address the kernel would send from to reach `info`'s address, or nil when no
    /// route exists. Connecting a UDP socket transmits nothing.
    private static func sourceAddress(for info: addrinfo) -> String? {
        let fd = socket(info.ai_family, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard connect(fd, info.ai_addr, info.ai_addrlen) == 0 else { return nil }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { return nil }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { NetworkInterface.numericHost($0) }
        }
    }
}
