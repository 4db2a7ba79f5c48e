import Foundation

/// A request parameter: the Swift counterpart of the property-list values AFNetworking accepts
/// (`NSDictionary`, `NSArray`, `NSSet`, strings, numbers, `NSNull`).
public indirect enum ParameterValue: Sendable, Hashable {
    /// `NSNull`: a bare key in a query string.
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// Raw bytes (property lists and multipart only).
    case data(Data)
    /// An ordered array: `key[]=…` in a query string.
    case array([ParameterValue])
    /// An unordered set: sorted by description in a query string.
    case set([ParameterValue])
    /// A dictionary: `key[sub]=…` in a query string, keys sorted.
    case dictionary([String: ParameterValue])
    /// A date (property lists only; a query string writes its description, JSON rejects it).
    case date(Date)
}

/// Top-level parameters as most requests pass them.
public typealias Parameters = [String: ParameterValue]

extension ParameterValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A float literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array literal.
    public init(arrayLiteral elements: ParameterValue...) { self = .array(elements) }
    /// A dictionary literal; a later duplicate key wins.
    public init(dictionaryLiteral elements: (String, ParameterValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
}
