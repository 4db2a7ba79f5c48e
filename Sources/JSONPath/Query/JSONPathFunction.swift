/// The declared types of RFC 9535's type system (§2.4.1).
enum JSONPathType: Sendable, CustomStringConvertible {
    /// A JSON value or Nothing.
    case value
    /// LogicalTrue or LogicalFalse.
    case logical
    /// A node list.
    case nodes

    var description: String {
        switch self {
        case .value: "ValueType"
        case .logical: "LogicalType"
        case .nodes: "NodesType"
        }
    }
}

/// The function extensions of RFC 9535 §2.4.4-2.4.8, with their signatures.
enum JSONPathFunction: String, Sendable, CaseIterable {
    case length
    case count
    case match
    case search
    case value

    /// Declared parameter types.
    var parameters: [JSONPathType] {
        switch self {
        case .length: [.value]
        case .count: [.nodes]
        case .match, .search: [.value, .value]
        case .value: [.nodes]
        }
    }

    /// Declared result type.
    var result: JSONPathType {
        switch self {
        case .length, .count, .value: .value
        case .match, .search: .logical
        }
    }

    /// `name()` for messages.
    var displayName: String { rawValue + "()" }
}
