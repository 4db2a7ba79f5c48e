/// A JSON value with faithful numbers and ordered object members: the one JSON type the
/// project shares (suites, assertions, JSONPath evaluation, reports).
///
/// Parsing lives in `JSONValue+Parsing.swift` (``JSONValue/init(parsing:)``), serialization in
/// `JSONValue+Serialization.swift` (``JSONValue/serialized(pretty:sortedKeys:)``).
public enum JSONValue: Sendable, Hashable {
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

extension JSONValue {
    /// The JSON type name of the value (`null`, `boolean`, `number`, `string`, `array`, `object`),
    /// for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
