/// The compiled form of a query: what the parser produces and the evaluator walks. Values only,
/// so a compiled ``JSONPathQuery`` can be shared between threads and evaluated many times.
struct QueryAST: Sendable {
    /// True for `$` (absolute), false for `@` (relative to the current node in a filter).
    var isAbsolute: Bool
    /// The segments in order.
    var segments: [Segment]

    /// Singular by construction (RFC 9535 §2.3.5.1): only child segments with one name or index,
    /// written `.name`, `[name]` or `[index]` without blank space inside the brackets (the
    /// grammar's `name-segment` and `index-segment` have no room for it).
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, !segment.hasInnerWhitespace, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

/// A child (`[...]`, `.name`) or descendant (`..[...]`, `..name`) segment.
struct Segment: Sendable {
    var isDescendant: Bool
    var selectors: [Selector]
    /// Blank space right inside the brackets (`[ 0 ]`), which keeps the segment from being singular.
    var hasInnerWhitespace = false
}

/// One selector of a bracketed selection (RFC 9535 §2.3).
enum Selector: Sendable {
    case name(String)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(LogicalExpression)
}

/// A filter's logical expression (RFC 9535 §2.3.5).
indirect enum LogicalExpression: Sendable {
    case or([LogicalExpression])
    case and([LogicalExpression])
    case not(LogicalExpression)
    /// Existence test: true when the query selects at least one node.
    case exists(QueryAST)
    /// A function whose result is LogicalType, or NodesType converted to logical (non-empty).
    case function(FunctionCall)
    case comparison(ComparableExpression, ComparisonOperator, ComparableExpression)
}

/// One side of a comparison: a literal, a singular query or a ValueType function.
enum ComparableExpression: Sendable {
    case literal(JSONValue)
    case query(QueryAST)
    case function(FunctionCall)
}

/// `==`, `!=`, `<`, `<=`, `>`, `>=`.
enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case less = "<"
    case greater = ">"
}

/// A call of a function extension with type-checked arguments.
struct FunctionCall: Sendable {
    var function: JSONPathFunction
    var arguments: [FunctionArgument]
}

/// A function argument, already converted to the parameter's declared type.
enum FunctionArgument: Sendable {
    /// ValueType from a literal.
    case literal(JSONValue)
    /// ValueType from a singular query, or NodesType from any query.
    case query(QueryAST)
    /// LogicalType.
    case logical(LogicalExpression)
    /// The result of a nested call.
    case function(FunctionCall)
}
