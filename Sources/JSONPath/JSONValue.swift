/// A JSON value with faithful numbers and ordered object members: the one JSON type the
/// project shares (suites, assertions, JSONPath evaluation, reports).
///
/// CONTRACT (skeleton): the JSONPath issue implements parsing and serialization; the cases and
/// the signatures here are what other modules rely on.
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`
    case null
    /// `true` / `false`
    case bool(Bool)
    /// A number, kept as written (integers stay integers).
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object with members in document order.
    case object(JSONObject)
}

/// A JSON number that keeps integers exact: `1` is an integer, `1.5` a double, and an integer
/// too large for `Int64` keeps its digits. `1` and `1.0` compare equal.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as it was written (or as Swift printed it).
    public let literal: String
    /// Creates a number from an integer.
    public init(_ value: Int) { literal = String(value) }
    /// Creates a number from a double.
    public init(_ value: Double) { literal = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value) }
    /// Creates a number from its literal text; nil if it is not a JSON number.
    public init?(literal: String) { self.literal = literal }
    /// The value as an exact integer, if it is one that fits `Int64`.
    public var int64Value: Int64? { Int64(literal) ?? Double(literal).flatMap { $0 == $0.rounded() && abs($0) < 9.2e18 ? Int64($0) : nil } }
    /// The value as a double (may round).
    public var doubleValue: Double { Double(literal) ?? .nan }
    /// The literal.
    public var description: String { literal }
    /// Numeric equality: `1 == 1.0`.
    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        if let x = a.int64Value, let y = b.int64Value { return x == y }
        return a.doubleValue == b.doubleValue
    }
    /// Hashes consistently with numeric equality.
    public func hash(into hasher: inout Hasher) {
        if let i = int64Value { hasher.combine(i) } else { hasher.combine(doubleValue) }
    }
}

/// An object's members in document order, with lookup by name.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The members in order.
    public private(set) var members: [(key: String, value: JSONValue)]
    /// Creates an object from members in order; a later duplicate key replaces an earlier one.
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = []
        for member in members { self[member.key] = member.value }
    }
    /// The value for `key`, or nil; setting nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }
    /// The keys in order.
    public var keys: [String] { members.map(\.key) }
    /// The number of members.
    public var count: Int { members.count }
    /// Iterates members in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { members.makeIterator() }
    /// Objects are equal when they have the same members, in any order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.count == b.count && a.members.allSatisfy { b[$0.key] == $0.value }
    }
    /// Hashes independently of member order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for key in keys.sorted() { hasher.combine(key) }
    }
}
