extension SessionManager {
    /// The reachability manager for the network as a whole (AFNetworking's `reachabilityManager`
    /// property, which defaults to the shared manager). Start monitoring it to be told when the
    /// network goes away; ask a host-specific `ReachabilityManager(domain:)` to tell
    /// "the network is down" apart from "the server refused".
    public var reachabilityManager: ReachabilityManager { .shared }
}
