/// Assertions on the redirects followed to the final response (`"redirects": {"count": 2, "chain": […]}`).
public struct RedirectExpectation: Sendable, Hashable {
    /// One expected hop of the chain.
    public struct Hop: Sendable, Hashable {
        /// Predicates on the redirecting response's status (a plain code means `equals`).
        public var status: PredicateSet?
        /// Predicates on its `Location`, as written.
        public var location: PredicateSet?

        /// Creates a hop.
        public init(status: PredicateSet? = nil, location: PredicateSet? = nil) {
            self.status = status
            self.location = location
        }
    }

    /// Predicates on how many redirects were followed.
    public var count: PredicateSet?
    /// The hops in order; the chain must have exactly this many. Nil: not checked.
    public var chain: [Hop]?

    /// Creates a redirect expectation.
    public init(count: PredicateSet? = nil, chain: [Hop]? = nil) {
        self.count = count
        self.chain = chain
    }
}
