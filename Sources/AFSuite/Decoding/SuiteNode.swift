import Foundation
import JSONPath

/// A value of the parsed suite with its node number in the file's source index, so every problem can
/// name its place; the place and the pointer text are worked out only when a problem is reported.
struct SuiteNode {
    let value: JSONValue
    /// The node's number in `tree.index`.
    let id: Int
    /// The parsed file's source index, shared by every node of the file.
    let tree: SuiteTree

    /// The root node of a parsed file.
    init(root value: JSONValue, tree: SuiteTree) {
        self.value = value
        id = 0
        self.tree = tree
    }

    /// Node `id` of `tree`, whose value is `value` (an element of a split `tests` array).
    init(value: JSONValue, id: Int, tree: SuiteTree) {
        self.value = value
        self.id = id
        self.tree = tree
    }

    /// The RFC 6901 pointer of the node (built on each call: for diagnostics).
    var pointer: String { tree.pointerPrefix + tree.index.pointer(ofNode: id) }

    /// The member `key` of an object node, or nil.
    func member(_ key: String) -> SuiteNode? {
        guard case .object(let object) = value, let position = object.position(of: key) else { return nil }
        return SuiteNode(
            value: object.members[position].value,
            id: tree.memberID(of: id, position: position, key: key),
            tree: tree
        )
    }

    /// The member at `position` of `object` (this node's value).
    func member(at position: Int, of object: JSONObject) -> SuiteNode {
        let member = object.members[position]
        return SuiteNode(
            value: member.value,
            id: tree.memberID(of: id, position: position, key: member.key),
            tree: tree
        )
    }

    /// The elements of an array node.
    var elements: [SuiteNode] {
        guard case .array(let items) = value else { return [] }
        // Over the indices, so the result is sized once (an enumerated sequence grows it step by step).
        return items.indices.map { SuiteNode(value: items[$0], id: tree.index.child(of: id, at: $0), tree: tree) }
    }

    /// The members of an object node, in document order.
    var members: [(key: String, node: SuiteNode)] {
        guard case .object(let object) = value else { return [] }
        return object.members.indices.map { (object.members[$0].key, member(at: $0, of: object)) }
    }

    /// The key or index the node sits at (the last pointer token, unescaped).
    var key: String { Self.lastToken(of: pointer) }

    /// The last token of `pointer`, unescaped.
    static func lastToken(of pointer: String) -> String {
        guard let slash = pointer.lastIndex(of: "/") else { return "" }
        return String(pointer[pointer.index(after: slash)...])
            .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// RFC 6901 escaping of one reference token.
    static func escape(_ key: String) -> String {
        JSONSourceMap.escape(key)
    }

    /// `a string`, `a number`… for "expected X, found Y" messages.
    var typeDescription: String { Self.describe(value) }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A parsed suite or fragment file's source index, shared by its nodes (one reference each instead of a copy
/// of the index's tables), with the file's name and the `$ref`s that led into it.
final class SuiteTree: Sendable {
    let index: JSONSourceIndex
    /// The file, absolute: a `$ref` inside it resolves against its folder.
    let file: URL
    /// The file's path as users see it.
    let displayPath: String
    /// The places of the `$ref`s that led here, the suite's own first (empty for the suite file).
    let references: [SourceLocation]
    /// The pointer of the index's root in the file: `/tests/3` for a test parsed on its own, else empty.
    let pointerPrefix: String

    init(
        index: JSONSourceIndex,
        file: URL,
        displayPath: String,
        references: [SourceLocation] = [],
        pointerPrefix: String = ""
    ) {
        self.index = index
        self.file = file
        self.displayPath = displayPath
        self.references = references
        self.pointerPrefix = pointerPrefix
    }

    /// The node number of the member at `position` of object node `node`'s members (`JSONObject` order).
    /// Without repeated names the members are the children in document order; with one, the last child of
    /// that name is the member the parser kept.
    func memberID(of node: Int, position: Int, key: String) -> Int {
        if !index.hasDuplicateKeys { return index.child(of: node, at: position) }
        return index.member(of: node, named: key) ?? node
    }
}
