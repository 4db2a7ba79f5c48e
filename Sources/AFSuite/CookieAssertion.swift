/// Assertions on a cookie the response sets (`"cookies": {"sid": {"value": …, "secure": true}}`).
public struct CookieAssertion: Sendable, Hashable {
    /// A part of a `Set-Cookie` field.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The value.
        case value
        /// The `Path` attribute.
        case path
        /// The `Domain` attribute.
        case domain
        /// Whether the `Secure` flag is set.
        case secure
        /// Whether the `HttpOnly` flag is set.
        case httpOnly
        /// The `SameSite` attribute.
        case sameSite
        /// The `Expires` attribute, as RFC 3339 text.
        case expires
        /// The `Max-Age` attribute, a number.
        case maxAge
    }

    /// Predicates on one field.
    public struct FieldAssertion: Sendable, Hashable {
        /// The field.
        public var field: Field
        /// Filters applied to the field before the predicates.
        public var filters: [ValueFilter] = []
        /// The predicates; all must hold.
        public var predicates: PredicateSet

        /// Creates a field assertion.
        public init(field: Field, predicates: PredicateSet) {
            self.field = field
            self.predicates = predicates
        }
    }

    /// The cookie's name.
    public var name: String
    /// Whether the response must set the cookie (`true`) or must not (`false`); nil: not checked on its own.
    public var exists: Bool?
    /// Assertions on its fields.
    public var fields: [FieldAssertion]
    /// Where it is written.
    public var location: SourceLocation?

    /// Creates an assertion.
    /// - Parameters:
    ///   - name: the cookie's name.
    ///   - exists: whether the response must set it.
    ///   - fields: assertions on its fields.
    ///   - location: where it is written.
    public init(name: String, exists: Bool? = nil, fields: [FieldAssertion] = [], location: SourceLocation? = nil) {
        self.name = name
        self.exists = exists
        self.fields = fields
        self.location = location
    }
}
