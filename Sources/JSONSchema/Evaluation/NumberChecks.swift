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

    /// A literal with at most 18 significant digits as `mantissa × 10^exponent` (no allocation),
    /// trailing zeros moved into the exponent; nil for longer literals.
    static func small(_ number: JSONNumber) -> (mantissa: UInt64, exponent: Int)? {
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var afterDot = false
        var pendingZeros = 0
        var utf8 = number.literal.utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        while let byte = utf8.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: ".") {
                afterDot = true
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            if afterDot { exponent -= 1 }
            if byte == 0x30 {
                // Zeros are held back until a later digit shows they are not trailing.
                if mantissa != 0 { pendingZeros += 1 }
                continue
            }
            digits += pendingZeros + 1
            guard digits <= 18 else { return nil }
            for _ in 0..<pendingZeros { mantissa *= 10 }
            pendingZeros = 0
            mantissa = mantissa * 10 + UInt64(byte - 0x30)
        }
        exponent += pendingZeros
        if !utf8.isEmpty {
            guard let value = Int(String(decoding: utf8.dropFirst(), as: UTF8.self)), value.magnitude < 100_000 else {
                return nil
            }
            exponent += value
        }
        return mantissa == 0 ? (0, 0) : (mantissa, exponent)
    }

    /// Numeric order; literals of at most 15 significant digits compare as doubles (the nearest
    /// double keeps their order and distinctness), longer ones exactly.
    static func less(_ a: JSONNumber, _ b: JSONNumber) -> Bool {
        if let x = small(a), let y = small(b), x.mantissa < 1_000_000_000_000_000, y.mantissa < 1_000_000_000_000_000 {
            return a.doubleValue < b.doubleValue
        }
        return a < b
    }

    /// Whether the number has no fractional part.
    static func isInteger(_ number: JSONNumber) -> Bool {
        if Int64(number.literal) != nil { return true }
        if let value = small(number) { return value.exponent >= 0 }
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
        if let x = small(value), let m = small(divisor), m.mantissa != 0 {
            if x.mantissa == 0 { return true }
            let shift = min(x.exponent, m.exponent)
            if m.exponent - shift <= 18, x.exponent - shift <= 18 {
                let (scaledDivisor, overflowD) = m.mantissa.multipliedReportingOverflow(by: power(m.exponent - shift))
                let (scaledValue, overflowV) = x.mantissa.multipliedReportingOverflow(by: power(x.exponent - shift))
                if !overflowD && !overflowV { return scaledValue % scaledDivisor == 0 }
            }
        }
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

    private static func power(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result &*= 10 }
        return exponent > 19 ? 0 : result
    }
}
