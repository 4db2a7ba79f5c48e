import CLinuxNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One network interface of the calling thread's namespace: its flags, addresses and kind.
struct NetworkInterface: Sendable {
    /// The interface name, e.g. `eth0`.
    var name: String
    /// `IFF_*` flags.
    var flags: UInt32
    /// Numeric IPv4 and IPv6 addresses assigned to it.
    var addresses: Set<String>
    /// What kind of link it is.
    var kind: InterfaceKind

    /// Every interface, by name (from `getifaddrs`, which asks the namespace's rtnetlink).
    static func all() -> [String: NetworkInterface] {
        var head: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&head) == 0, let first = head else { return [:] }
        defer { freeifaddrs(first) }
        let probe = socket(AF_INET, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        defer { if probe >= 0 { close(probe) } }

        var result: [String: NetworkInterface] = [:]
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            cursor = entry.pointee.ifa_next
            let name = String(cString: entry.pointee.ifa_name)
            var interface =
                result[name]
                ?? NetworkInterface(
                    name: name,
                    flags: entry.pointee.ifa_flags,
                    addresses: [],
                    kind: classify(name: name, flags: entry.pointee.ifa_flags, probe: probe)
                )
            if let address = entry.pointee.ifa_addr, let host = numericHost(address) {
                interface.addresses.insert(host)
            }
            result[name] = interface
        }
        return result
    }

    /// The interface kind from its flags, hardware type and name.
    static func classify(name: String, flags: UInt32, probe: Int32) -> InterfaceKind {
        if flags & UInt32(IFF_LOOPBACK) != 0 { return .loopback }
        let looksCellular = ["wwan", "rmnet", "ccmni", "usb_rmnet"].contains { name.hasPrefix($0) }
        switch probe >= 0 ? afn_interface_hardware_type(probe, name) : -1 {
        case Int32(ARPHRD_LOOPBACK): return .loopback
        case Int32(ARPHRD_ETHER):
            if afn_interface_is_wireless(probe, name) == 1 { return .wifi }
            return looksCellular ? .cellular : .ethernet
        case Int32(ARPHRD_IEEE80211), Int32(ARPHRD_IEEE80211_RADIOTAP): return .wifi
        default: return looksCellular ? .cellular : .other
        }
    }

    /// The numeric form of an IPv4 or IPv6 socket address (IPv6 without scope), or nil.
    static func numericHost(_ address: UnsafePointer<sockaddr>) -> String? {
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
        guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else {
            return nil
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
    }
}
