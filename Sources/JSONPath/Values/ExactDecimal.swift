/// A JSON number literal reduced to sign × significant digits × 10^exponent, so numbers written
/// differently (`100`, `1e2`, `100.0`) compare and hash the same without rounding.
struct ExactDecimal: Hashable, Comparable {
    /// True for negative non-zero numbers.
    var negative: Bool
    /// Significant digits (ASCII) without leading or trailing zeros; empty for zero.
    var digits: [UInt8]
    /// Power of ten applied to `digits` read as an integer.
    var exponent: Int

    /// Decomposes a literal (JSON grammar, or Swift's `Double` description such as `1e+20`);
    /// nil for `nan`, `inf` or anything else that is not a decimal number.
    init?(literal: String) {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        var afterDot = false
        var bytes = Array(literal.utf8)[...]
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        while let byte = bytes.first {
            if byte >= 0x30 && byte <= 0x39 {
                sawDigit = true
                if !(digits.isEmpty && byte == 0x30) { digits.append(byte) }
                if afterDot { exponent -= 1 }
            } else if byte == UInt8(ascii: "."), !afterDot {
                afterDot = true
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if let marker = bytes.first {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return nil }
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
                exponentNegative = bytes.first == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty else { return nil }
            var value = 0
            for byte in bytes {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                // Exponents beyond a billion are clamped: such numbers only need to order correctly.
                value = min(value * 10 + Int(byte - 0x30), 1_000_000_000)
            }
            exponent += exponentNegative ? -value : value
        }
        while digits.last == 0x30 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            negative = false
            exponent = 0
        }
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    /// The decimal form of an integer.
    init(integer: Int64) {
        self.init(literal: String(integer))!  // a decimal integer always decomposes
    }

    /// The exact integer value when the number is integral and fits `Int64`.
    var int64Value: Int64? {
        if digits.isEmpty { return 0 }
        guard exponent >= 0, digits.count + exponent <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit - 0x30))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        for _ in 0..<exponent {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            magnitude = times
        }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        if a.negative != b.negative { return a.negative }
        let magnitudeLess = lessInMagnitude(a, b)
        return a.negative ? lessInMagnitude(b, a) : magnitudeLess
    }

    /// Compares |a| < |b|: first by the position of the leading digit, then digit by digit.
    private static func lessInMagnitude(_ a: ExactDecimal, _ b: ExactDecimal) -> Bool {
        if a.digits.isEmpty { return !b.digits.isEmpty }
        if b.digits.isEmpty { return false }
        let aOrder = a.digits.count + a.exponent
        let bOrder = b.digits.count + b.exponent
        if aOrder != bOrder { return aOrder < bOrder }
        for index in 0..<max(a.digits.count, b.digits.count) {
            let x = index < a.digits.count ? a.digits[index] : 0x30
            let y = index < b.digits.count ? b.digits[index] : 0x30
            if x != y { return x < y }
        }
        return false
    }
}
