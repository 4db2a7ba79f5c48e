import JSONPath

/// Exact decimal questions about number literals (`integer`, `multipleOf`), so `1.0` is an integer,
/// `0.0075` a multiple of `0.0001`, and a 50-digit integer stays an integer.
enum NumberChecks {
    /// A literal as `digits × 10^exponent`, digits without leading or trailing zeros.
    struct Decimal {
        var digits: [UInt8]
        var exponent: Int
        var isZero: Bool { digits.isEmpty }
    }

    static func decimal(_ number: JSONNumber) -> Decimal? {
        var digits: [UInt8] = []
        var exponent = 0
        var afterDot = false
        var bytes = Array(number.literal.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                afterDot = true
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            if !(digits.isEmpty && byte == 0x30) { digits.append(byte - 0x30) }
            if afterDot { exponent -= 1 }
        }
        if !bytes.isEmpty {
            guard let value = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) else {
                return nil
            }
            exponent += value
        }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { exponent = 0 }
        return Decimal(digits: digits, exponent: exponent)
    }

    /// Whether the number has no fractional part.
    static func isInteger(_ number: JSONNumber) -> Bool {
        if Int64(number.literal) != nil { return true }
        guard let value = decimal(number) else { return number.doubleValue.rounded() == number.doubleValue }
        return value.exponent >= 0
    }

    /// The number as an `Int` when it is an integer that fits.
    static func integerValue(_ number: JSONNumber) -> Int? {
        if let direct = Int(number.literal) { return direct }
        guard let value = decimal(number), value.exponent >= 0, value.digits.count + value.exponent <= 18 else {
            return nil
        }
        var result = 0
        for digit in value.digits { result = result * 10 + Int(digit) }
        for _ in 0..<value.exponent { result *= 10 }
        return number.literal.hasPrefix("-") ? -result : result
    }

    /// Whether `value` is an integer multiple of `divisor` (exactly, by decimal digits).
    static func isMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool {
        guard let x = decimal(value), let m = decimal(divisor), !m.isZero else { return false }
        if x.isZero { return true }
        let shift = min(x.exponent, m.exponent)
        // M = m.digits × 10^(m.exponent − shift) must fit a UInt64 for the digit-by-digit remainder.
        guard m.digits.count + (m.exponent - shift) <= 18, x.exponent - shift < 100_000 else {
            let quotient = value.doubleValue / divisor.doubleValue
            return quotient.isFinite && quotient.rounded() == quotient
        }
        var modulus: UInt64 = 0
        for digit in m.digits { modulus = modulus * 10 + UInt64(digit) }
        for _ in 0..<(m.exponent - shift) { modulus *= 10 }
        var remainder: UInt64 = 0
        for digit in x.digits { remainder = (remainder * 10 + UInt64(digit)) % modulus }
        for _ in 0..<(x.exponent - shift) { remainder = (remainder * 10) % modulus }
        return remainder == 0
    }
}
