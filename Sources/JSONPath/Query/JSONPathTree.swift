/// What the evaluator needs of a document: kinds, children and values of its nodes. `JSONValue`
/// trees (`JSONValueTree`) and parsed tapes (``JSONDocument``) conform, so one evaluator serves both
/// and a tape builds `JSONValue`s only for the nodes a query hands back or a filter compares.
protocol JSONPathTree {
    /// A node of the document.
    associatedtype Node
    /// How a member's name is reached (decoded only when a path is rendered).
    associatedtype MemberName

    /// The document's root.
    var rootNode: Node { get }
    /// The node's JSON kind.
    func kind(of node: Node) -> JSONTapeKind
    /// An array's element count.
    func elementCount(of node: Node) -> Int
    /// An array's element at `position` (0-based, below the count).
    func element(of node: Node, at position: Int) -> Node
    /// Every element of an array, in order.
    func forEachElement(of node: Node, _ body: (Int, Node) -> Void)
    /// An object's member value for `name`, or nil.
    func member(of node: Node, named name: String) -> Node?
    /// Every member of an object, in document order, one per name (a repeated name: the first
    /// position, the last value, as `JSONObject` keeps it).
    func forEachMember(of node: Node, _ body: (MemberName, Node) -> Void)
    /// An object's member count, one per name.
    func memberCount(of node: Node) -> Int
    /// A member name's text.
    func text(of name: MemberName) -> String
    /// The node as a `JSONValue`.
    func value(of node: Node) -> JSONValue
    /// A string node's text, or nil for other kinds.
    func string(of node: Node) -> String?
}

/// A `JSONValue` tree, as evaluated by ``JSONPathQuery/evaluate(_:)-(JSONValue)``.
struct JSONValueTree: JSONPathTree {
    let rootNode: JSONValue

    func kind(of node: JSONValue) -> JSONTapeKind {
        switch node {
        case .null: .null
        case .bool(let flag): flag ? .true : .false
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    func elementCount(of node: JSONValue) -> Int {
        if case .array(let elements) = node { return elements.count }
        return 0
    }

    func element(of node: JSONValue, at position: Int) -> JSONValue {
        guard case .array(let elements) = node else { return .null }
        return elements[position]
    }

    func forEachElement(of node: JSONValue, _ body: (Int, JSONValue) -> Void) {
        guard case .array(let elements) = node else { return }
        for (index, element) in elements.enumerated() { body(index, element) }
    }

    func member(of node: JSONValue, named name: String) -> JSONValue? {
        guard case .object(let object) = node else { return nil }
        return object[name]
    }

    func forEachMember(of node: JSONValue, _ body: (String, JSONValue) -> Void) {
        guard case .object(let object) = node else { return }
        for member in object { body(member.key, member.value) }
    }

    func memberCount(of node: JSONValue) -> Int {
        if case .object(let object) = node { return object.count }
        return 0
    }

    func text(of name: String) -> String { name }

    func value(of node: JSONValue) -> JSONValue { node }

    func string(of node: JSONValue) -> String? {
        if case .string(let text) = node { return text }
        return nil
    }
}
