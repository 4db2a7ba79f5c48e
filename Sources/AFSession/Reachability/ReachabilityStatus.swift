/// Whether the network, or one host, can be reached, and through what kind of interface
/// (AFNetworking's `AFNetworkReachabilityStatus`, with Linux's interface kinds).
public enum ReachabilityStatus: Sendable, Hashable, CustomStringConvertible {
    /// Not evaluated yet.
    case unknown
    /// No route leads there through an interface that is up.
    case notReachable
    /// A route leads there through an interface of this kind.
    case reachable(via: InterfaceKind)

    /// Whether the target can be reached at all.
    public var isReachable: Bool {
        if case .reachable = self { return true }
        return false
    }

    /// Whether the route goes through a wireless interface.
    public var isReachableViaWiFi: Bool { self == .reachable(via: .wifi) }

    /// Whether the route goes through a cellular (WWAN) interface.
    public var isReachableViaCellular: Bool { self == .reachable(via: .cellular) }

    /// Whether the route goes through a wired Ethernet interface.
    public var isReachableViaEthernet: Bool { self == .reachable(via: .ethernet) }

    /// `unknown`, `not reachable`, `reachable via ethernet`…
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .notReachable: "not reachable"
        case .reachable(let kind): "reachable via \(kind.rawValue)"
        }
    }
}

/// The kind of network interface a route goes through.
public enum InterfaceKind: String, Sendable, Hashable, CaseIterable {
    /// A wireless LAN interface (it answers the wireless extensions).
    case wifi
    /// A cellular modem (WWAN) interface.
    case cellular
    /// A wired Ethernet interface (or one that presents as Ethernet, such as a veth).
    case ethernet
    /// The loopback interface.
    case loopback
    /// Anything else: tunnels, PPP, InfiniBand…
    case other
}
