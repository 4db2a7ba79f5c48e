/// One node of a result: its value and its normalized path (`$['store']['book'][0]`).
public struct JSONPathNode: Sendable, Hashable {
    /// The value at the node.
    public var value: JSONValue
    /// The normalized path (RFC 9535 §2.7).
    public var path: String

    /// Creates a node.
    public init(value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }
}
