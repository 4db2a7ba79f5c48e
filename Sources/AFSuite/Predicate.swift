import JSONPath

/// Several predicates that must all hold.
public struct PredicateSet: Sendable, Hashable {
    /// The predicates.
    public var predicates: [Predicate]

    /// Creates a set.
    public init(_ predicates: [Predicate] = []) { self.predicates = predicates }

    /// Whether the set has no predicate.
    public var isEmpty: Bool { predicates.isEmpty }
}

/// One predicate on a value (a header, a JSONPath result, a body, a timing).
///
/// For a JSONPath that can select several nodes, `equals` compares the node list as an array,
/// `count` counts nodes and `exists` means non-empty; the runner applies those rules.
public enum Predicate: Sendable, Hashable, CustomStringConvertible {
    /// Equal as JSON values (`1 == 1.0`).
    case equals(JSONValue)
    /// Not equal.
    case notEquals(JSONValue)
    /// Present (true) or absent (false).
    case exists(Bool)
    /// A regex matches somewhere in the string.
    case matches(String)
    /// A substring of a string, or an element of an array.
    case contains(JSONValue)
    /// The number of nodes, elements or characters satisfies these predicates (`"count": 3` is `equals 3`).
    case count(PredicateSet)
    /// The JSON type.
    case type(JSONType)
    /// Less than (numbers, or strings by code point).
    case lessThan(JSONValue)
    /// Less than or equal.
    case lessThanOrEqual(JSONValue)
    /// Greater than.
    case greaterThan(JSONValue)
    /// Greater than or equal.
    case greaterThanOrEqual(JSONValue)
    /// Equal to one of these.
    case oneOf([JSONValue])

    /// The suite keyword: `equals`, `notEquals`, `exists`, `matches`, `contains`, `count`, `type`,
    /// `lt`, `lte`, `gt`, `gte`, `oneOf`.
    public var keyword: String {
        switch self {
        case .equals: "equals"
        case .notEquals: "notEquals"
        case .exists: "exists"
        case .matches: "matches"
        case .contains: "contains"
        case .count: "count"
        case .type: "type"
        case .lessThan: "lt"
        case .lessThanOrEqual: "lte"
        case .greaterThan: "gt"
        case .greaterThanOrEqual: "gte"
        case .oneOf: "oneOf"
        }
    }

    /// `keyword operand`, e.g. `lt 500`.
    public var description: String {
        switch self {
        case .equals(let v), .notEquals(let v), .contains(let v), .lessThan(let v), .lessThanOrEqual(let v),
            .greaterThan(let v), .greaterThanOrEqual(let v):
            "\(keyword) \(v.serialized())"
        case .exists(let b): "\(keyword) \(b)"
        case .matches(let r): "\(keyword) /\(r)/"
        case .count(let set): "\(keyword) (\(set.predicates.map(\.description).joined(separator: ", ")))"
        case .type(let t): "\(keyword) \(t.rawValue)"
        case .oneOf(let vs): "\(keyword) \(JSONValue.array(vs).serialized())"
        }
    }
}

/// JSON types for the `type` predicate; `integer` is a number with no fractional part.
public enum JSONType: String, Sendable, Hashable, CaseIterable {
    /// A string.
    case string
    /// Any number.
    case number
    /// A number with no fractional part.
    case integer
    /// `true` or `false`.
    case boolean
    /// `null`.
    case null
    /// An array.
    case array
    /// An object.
    case object
}
