/// A compiled RFC 9535 JSONPath query: parse once, evaluate many times.
///
/// CONTRACT (skeleton): the JSONPath issue implements it; these signatures are what the runner uses.
public struct JSONPathQuery: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let expression: String

    /// Parses and type-checks a query; throws with the position of the first problem.
    public init(_ expression: String) throws(JSONPathError) {
        self.expression = expression
        throw JSONPathError(message: "not implemented", position: 0, expression: expression)
    }

    /// Whether the query is singular (selects at most one node by construction).
    public var isSingular: Bool { false }

    /// Evaluates the query and returns the nodes in the RFC's order.
    public func evaluate(_ root: JSONValue) -> [JSONPathNode] { [] }

    /// The expression.
    public var description: String { expression }
}

/// One node of a result: its value and its normalized path (`$['store']['book'][0]`).
public struct JSONPathNode: Sendable, Hashable {
    /// The value at the node.
    public var value: JSONValue
    /// The normalized path.
    public var path: String

    /// Creates a node.
    public init(value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }
}

/// An ill-formed or invalid query.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// 0-based character offset of the problem in the expression.
    public var position: Int
    /// The expression.
    public var expression: String

    /// Creates an error.
    public init(message: String, position: Int, expression: String) {
        self.message = message
        self.position = position
        self.expression = expression
    }

    /// `message at position N`.
    public var description: String { "\(message) at position \(position)" }
}
