extension JSONPathParser {
    /// The I-JSON range for indexes and slice bounds (RFC 9535 §2.1): ±(2^53 - 1).
    static let maximumInteger = 9_007_199_254_740_991

    /// `int = "0" / (["-"] DIGIT1 *DIGIT)`, within the I-JSON range.
    mutating func parseInteger() throws(JSONPathError) -> Int {
        let start = position
        var negative = false
        if peek() == "-" {
            negative = true
            position += 1
        }
        guard let first = peek(), Self.isDigit(first) else {
            throw fail("expected a digit after '-'", kind: .invalidNumber)
        }
        if first == "0" {
            if negative {
                throw fail("'-0' is not allowed as an index or slice bound; write 0", at: start, kind: .invalidNumber)
            }
            if let next = peek(1), Self.isDigit(next) {
                throw fail("leading zeros are not allowed in integers", at: start, kind: .invalidNumber)
            }
        }
        var magnitude = 0
        var tooLarge = false
        while let scalar = peek(), Self.isDigit(scalar) {
            if !tooLarge {
                magnitude = magnitude * 10 + Int(scalar.value - 0x30)
                tooLarge = magnitude > Self.maximumInteger
            }
            position += 1
        }
        if tooLarge {
            throw fail(
                "integer out of range; indexes and slice bounds must be within ±9007199254740991 (I-JSON)",
                at: start,
                kind: .integerOutOfRange
            )
        }
        if let next = peek(), next == "." || next == "e" || next == "E" {
            throw fail("indexes and slice bounds must be integers", at: start, kind: .invalidNumber)
        }
        return negative ? -magnitude : magnitude
    }

    /// A number literal in a filter: `(int / "-0") [frac] [exp]`, i.e. JSON's number grammar.
    mutating func parseNumberLiteral() throws(JSONPathError) -> JSONValue {
        let start = position
        if peek() == "-" { position += 1 }
        guard let first = peek(), Self.isDigit(first) else {
            throw fail("expected a digit after '-'", kind: .invalidNumber)
        }
        position += 1
        if first == "0", let next = peek(), Self.isDigit(next) {
            throw fail("leading zeros are not allowed in numbers", at: start, kind: .invalidNumber)
        }
        while let scalar = peek(), Self.isDigit(scalar) { position += 1 }
        if peek() == "." {
            position += 1
            guard let digit = peek(), Self.isDigit(digit) else {
                throw fail("expected a digit after the decimal point", kind: .invalidNumber)
            }
            while let scalar = peek(), Self.isDigit(scalar) { position += 1 }
        }
        if peek() == "e" || peek() == "E" {
            position += 1
            if peek() == "+" || peek() == "-" { position += 1 }
            guard let digit = peek(), Self.isDigit(digit) else {
                throw fail("expected a digit in the exponent", kind: .invalidNumber)
            }
            while let scalar = peek(), Self.isDigit(scalar) { position += 1 }
        }
        var literal = String.UnicodeScalarView()
        literal.append(contentsOf: text[start..<position])
        return .number(JSONNumber(validatedLiteral: String(literal)))
    }

    /// A single- or double-quoted string literal with RFC 9535's escapes (§2.3.1.1).
    mutating func parseStringLiteral() throws(JSONPathError) -> String {
        let start = position
        let quote = text[position]
        position += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else {
                throw fail("unterminated string literal; expected a closing \(quote)", at: start, kind: .invalidString)
            }
            if scalar == quote {
                position += 1
                return String(result)
            }
            if scalar == "\\" {
                result.append(try parseEscape(quote: quote))
            } else if scalar.value < 0x20 {
                throw fail(
                    "control character U+\(Self.hex4(scalar.value)) must be escaped in a string literal",
                    kind: .invalidString
                )
            } else {
                result.append(scalar)
                position += 1
            }
        }
    }

    /// One escape; `\'` only in single quotes, `\"` only in double quotes.
    mutating func parseEscape(quote: Unicode.Scalar) throws(JSONPathError) -> Unicode.Scalar {
        let start = position
        position += 1
        guard let code = peek() else {
            throw fail("unterminated escape at the end of the query", at: start, kind: .invalidString)
        }
        position += 1
        switch code {
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "/": return "/"
        case "\\": return "\\"
        case quote: return quote
        case "u":
            let first = try parseHex4(escapeStart: start)
            if (0xDC00...0xDFFF).contains(first) {
                throw fail(
                    "unpaired low surrogate \\u\(Self.hex4(first)) in a string literal",
                    at: start,
                    kind: .invalidString
                )
            }
            guard (0xD800...0xDBFF).contains(first) else {
                return Unicode.Scalar(first)!  // not a surrogate, so a valid scalar
            }
            guard peek() == "\\", peek(1) == "u" else {
                throw fail(
                    "unpaired high surrogate \\u\(Self.hex4(first)); follow it with a \\uDC00-\\uDFFF escape",
                    at: start,
                    kind: .invalidString
                )
            }
            position += 2
            let second = try parseHex4(escapeStart: start)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw fail(
                    "\\u\(Self.hex4(first)) must be followed by a low surrogate, not \\u\(Self.hex4(second))",
                    at: start,
                    kind: .invalidString
                )
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!  // in range by construction
        default:
            let other: Unicode.Scalar = quote == "'" ? "\"" : "'"
            if code == other {
                throw fail(
                    "\\\(other) is not an escape inside \(quote)-quoted strings; write \(other) unescaped",
                    at: start,
                    kind: .invalidString
                )
            }
            throw fail(
                "invalid escape '\\\(code)'; valid escapes are \\b \\f \\n \\r \\t \\/ \\\\ \\\(quote) \\uXXXX",
                at: start,
                kind: .invalidString
            )
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek(),
                let digit = scalar.properties.isASCIIHexDigit ? UInt32(String(scalar), radix: 16) : nil
            else {
                throw fail("\\u must be followed by four hexadecimal digits", at: escapeStart, kind: .invalidString)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
