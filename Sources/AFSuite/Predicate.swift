import JSONPath

/// Several predicates that must all hold.
public struct PredicateSet: Sendable, Hashable, CustomStringConvertible {
    /// The predicates.
    public var predicates: [Predicate]

    /// Creates a set.
    public init(_ predicates: [Predicate] = []) { self.predicates = predicates }

    /// Whether the set has no predicate.
    public var isEmpty: Bool { predicates.isEmpty }

    /// The predicates' descriptions, comma-separated: `lt 500, gt 0`.
    public var description: String { predicates.map(\.description).joined(separator: ", ") }
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
    /// The predicates do not all hold (`{"not": {"contains": "x"}}`).
    case not(PredicateSet)
    /// A string starting with this text.
    case startsWith(String)
    /// A string ending with this text.
    case endsWith(String)
    /// A string in this format (`uuid`, `date-time`, `integer-string`…).
    case format(StringFormat)
    /// A number (or numeric string) no further than `within` from the operand.
    case closeTo(JSONNumber, within: JSONNumber)
    /// The list element at this index (0-based; negative counts from the end) satisfies the predicates;
    /// a missing element is absent.
    case nth(Int, PredicateSet)
    /// Every element of the list satisfies the predicates (an empty list does).
    case all(PredicateSet)
    /// At least one element of the list satisfies the predicates.
    case any(PredicateSet)

    /// The suite keyword: `equals`, `notEquals`, `exists`, `matches`, `contains`, `count`, `type`,
    /// `lt`, `lte`, `gt`, `gte`, `oneOf`, `not`, `startsWith`, `endsWith`, `format`, `closeTo`, `nth`,
    /// `all`, `any`.
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
        case .not: "not"
        case .startsWith: "startsWith"
        case .endsWith: "endsWith"
        case .format: "format"
        case .closeTo: "closeTo"
        case .nth: "nth"
        case .all: "all"
        case .any: "any"
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
        case .count(let set), .not(let set), .all(let set), .any(let set): "\(keyword) (\(set))"
        case .type(let t): "\(keyword) \(t.rawValue)"
        case .oneOf(let vs): "\(keyword) \(JSONValue.array(vs).serialized())"
        case .startsWith(let text), .endsWith(let text): "\(keyword) \(JSONValue.string(text).serialized())"
        case .format(let format): "\(keyword) \(format.rawValue)"
        case .closeTo(let target, let within): "\(keyword) \(target.literal) within \(within.literal)"
        case .nth(let index, let set): "\(keyword) \(index) (\(set))"
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
