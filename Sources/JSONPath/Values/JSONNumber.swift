/// A JSON number that keeps integers exact: `1` is an integer, `1.5` a double, and an integer
/// too large for `Int64` keeps its digits. `1` and `1.0` compare equal.
///
/// Equality, hashing and ordering are exact decimal operations on the literal, so
/// `100 == 1e2 == 100.0`, and two distinct 30-digit integers never compare equal through
/// rounding to `Double`.
public struct JSONNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number as it was written (or as Swift printed it).
    public let literal: String

    /// Creates a number from an integer.
    public init(_ value: Int) { literal = String(value) }

    /// Creates a number from a double. Integral values that fit `Int64` are written as integers
    /// (`2.0` becomes `2`); others use Swift's shortest round-trip form (`0.1`, `1e+300`).
    /// Non-finite values have no JSON form and serialize as `null`.
    public init(_ value: Double) {
        if let exact = Int64(exactly: value) {
            literal = String(exact)
        } else {
            literal = String(value)
        }
    }

    /// Creates a number from its literal text; nil if it is not a JSON number (RFC 8259 §6).
    public init?(literal: String) {
        guard JSONNumber.isValidLiteral(literal.utf8) else { return nil }
        self.literal = literal
    }

    /// Creates a number from a literal the caller has already validated.
    init(validatedLiteral: String) { literal = validatedLiteral }

    /// The value as an exact integer, if it is one that fits `Int64` (`1e2` is 100, `1.5` is nil).
    public var int64Value: Int64? {
        if let direct = Int64(literal) { return direct }
        return ExactDecimal(literal: literal)?.int64Value
    }

    /// The value as a double (may round).
    public var doubleValue: Double { Double(literal) ?? .nan }

    /// Whether the literal is finite JSON (false only for numbers made from NaN or infinity).
    public var isFinite: Bool { ExactDecimal(literal: literal) != nil }

    /// The literal.
    public var description: String { literal }

    /// Numeric equality: `1 == 1.0 == 1e0`.
    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        if let x = Int64(a.literal), let y = Int64(b.literal) { return x == y }
        guard let x = ExactDecimal(literal: a.literal), let y = ExactDecimal(literal: b.literal) else {
            return a.doubleValue == b.doubleValue
        }
        return x == y
    }

    /// Numeric order, exact for any literal.
    public static func < (a: JSONNumber, b: JSONNumber) -> Bool {
        if let x = Int64(a.literal), let y = Int64(b.literal) { return x < y }
        guard let x = ExactDecimal(literal: a.literal), let y = ExactDecimal(literal: b.literal) else {
            return a.doubleValue < b.doubleValue
        }
        return x < y
    }

    /// Hashes consistently with numeric equality.
    public func hash(into hasher: inout Hasher) {
        if let direct = Int64(literal) {
            hasher.combine(ExactDecimal(integer: direct))
        } else if let exact = ExactDecimal(literal: literal) {
            hasher.combine(exact)
        } else {
            hasher.combine(doubleValue)
        }
    }

    /// Checks the RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isValidLiteral(_ bytes: String.UTF8View) -> Bool {
        var iterator = bytes.makeIterator()
        var current = iterator.next()
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if current == UInt8(ascii: "-") { current = iterator.next() }
        if current == UInt8(ascii: "0") {
            current = iterator.next()
        } else if isDigit(current) {
            while isDigit(current) { current = iterator.next() }
        } else {
            return false
        }
        if current == UInt8(ascii: ".") {
            current = iterator.next()
            guard isDigit(current) else { return false }
            while isDigit(current) { current = iterator.next() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            current = iterator.next()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { current = iterator.next() }
            guard isDigit(current) else { return false }
            while isDigit(current) { current = iterator.next() }
        }
        return current == nil
    }
}
