import Foundation
import JSONPath

/// A value of the parsed suite with its RFC 6901 pointer, so every problem can name its place.
struct SuiteNode {
    let value: JSONValue
    let pointer: String

    /// The member `key` of an object node, or nil.
    func member(_ key: String) -> SuiteNode? {
        guard case .object(let object) = value, let child = object[key] else { return nil }
        return SuiteNode(value: child, pointer: pointer + "/" + Self.escape(key))
    }

    /// The elements of an array node, with their pointers.
    var elements: [SuiteNode] {
        guard case .array(let items) = value else { return [] }
        // Over the indices, so the result is sized once (an enumerated sequence grows it step by step).
        return items.indices.map { SuiteNode(value: items[$0], pointer: pointer + "/\($0)") }
    }

    /// The members of an object node, in document order.
    var members: [(key: String, node: SuiteNode)] {
        guard case .object(let object) = value else { return [] }
        return object.members.map { ($0.key, SuiteNode(value: $0.value, pointer: pointer + "/" + Self.escape($0.key))) }
    }

    /// The last pointer token, unescaped: the key or index the node sits at.
    var key: String {
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
