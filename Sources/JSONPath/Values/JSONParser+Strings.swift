extension JSONParser {
    /// Parses a string starting at the opening quote. The common case (no escapes) is one scan
    /// and one validated copy; escapes switch to a byte buffer.
    mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        let contentStart = index
        // Every byte ORed together: below 0x80 the string is ASCII, valid UTF-8 without the generic
        // `String(validating:as:)`, which looked up its encoding's metadata at run time for every
        // string (a suite's keys and values, every response body's).
        var seen: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                if seen < 0x80 {
                    index += 1
                    return String(decoding: slice, as: UTF8.self)
                }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: start, kind: .invalidUTF8)
                }
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw error(
                    "control character U+\(hex4(UInt32(byte))) must be escaped in a string",
                    kind: .invalidString
                )
            }
            seen |= byte
            index += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: start, kind: .invalidUTF8)
                }
                index += 1
                return text
            }
            if byte < 0x20 {
                throw error(
                    "control character U+\(hex4(UInt32(byte))) must be escaped in a string",
                    kind: .invalidString
                )
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &buffer)
            } else {
                buffer.append(byte)
                index += 1
            }
        }
        throw error("unterminated string", at: start, kind: .invalidString)
    }

    /// Decodes one escape at `index` (the backslash) and appends its UTF-8.
    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("unterminated string", kind: .invalidString) }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error(
                        "unpaired surrogate \\u\(hex4(scalar)); a high surrogate must be followed by a \\uDC00-\\uDFFF escape",
                        at: escapeStart,
                        kind: .invalidString
                    )
                }
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(
                        "unpaired surrogate \\u\(hex4(scalar)); \\u\(hex4(low)) is not a low surrogate",
                        at: escapeStart,
                        kind: .invalidString
                    )
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("unpaired low surrogate \\u\(hex4(scalar))", at: escapeStart, kind: .invalidString)
            }
            // Valid by construction: surrogates were combined or rejected above.
            buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw error(
                "invalid escape '\\\(Character(Unicode.Scalar(code)))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                at: escapeStart,
                kind: .invalidString
            )
        }
    }

    /// Reads the four hex digits after `\u`.
    mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw error("\\u must be followed by four hexadecimal digits", at: escapeStart, kind: .invalidString)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - 0x61 + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - 0x41 + 10)
        default: nil
        }
    }

    func hex4(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
