/// What a reachability manager watches.
public enum ReachabilityTarget: Sendable, Hashable, CustomStringConvertible {
    /// The network as a whole: reachable when a default route goes through an interface that is up
    /// (AFNetworking's manager for the zero address).
    case network
    /// A host name, resolved on each evaluation; reachable when a route leads to one of its addresses.
    case host(String)
    /// A numeric IPv4 or IPv6 address.
    case address(String)

    /// `the network`, `host example.com`, `address 127.0.0.1`.
    public var description: String {
        switch self {
        case .network: "the network"
        case .host(let name): "host \(name)"
        case .address(let address): "address \(address)"
        }
    }
}
