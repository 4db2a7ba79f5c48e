/// Predicates on a captured value (`"captures": {"id": {"format": "integer-string"}}` in `expect`): a
/// capture of the same test, taken before its expectations, or a variable an earlier test captured.
public struct CaptureAssertion: Sendable, Hashable {
    /// The capture's (variable's) name.
    public var name: String
    /// Filters applied to the value before the predicates.
    public var filters: [ValueFilter] = []
    /// The predicates; all must hold.
    public var predicates: PredicateSet
    /// Where it is written.
    public var location: SourceLocation?

    /// Creates an assertion.
    /// - Parameters:
    ///   - name: the capture's name.
    ///   - predicates: the predicates; all must hold.
    ///   - location: where it is written.
    public init(name: String, predicates: PredicateSet, location: SourceLocation? = nil) {
        self.name = name
        self.predicates = predicates
        self.location = location
    }
}
