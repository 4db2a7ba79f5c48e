extension JSONParser {
    /// Checks a string starting at the opening quote (escapes, control characters, UTF-8) and appends
    /// its tape entry; nothing is copied: the text is decoded from the bytes when someone asks for it.
    @inline(__always)
    mutating func parseString() throws(JSONParseError) {
        // Most names and values are short plain text: when the closing quote is among the sixteen bytes
        // after the opening one, with nothing to look at before it, the entry is written here, inlined
        // where names and values are parsed; anything else goes through the full check.
        if let base = bytes.baseAddress, index &+ 17 <= bytes.count {
            let (plain, endsAtQuote) = Self.scanPlain(
                UnsafeRawPointer(base + index + 1).loadUnaligned(as: SIMD16<UInt8>.self)
            )
            if endsAtQuote {
                appendEntry(
                    JSONTapeEntry(
                        kind: .string,
                        offset: UInt32(truncatingIfNeeded: index),
                        length: UInt32(truncatingIfNeeded: plain)
                    )
                )
                index &+= plain &+ 2
                return
            }
        }
        try parseLongString()
    }

    /// `parseString()` for a string the quick look could not finish: longer than sixteen bytes, or with
    /// an escape, a control character or a byte above 0x7F.
    @inline(never)
    mutating func parseLongString() throws(JSONParseError) {
        let start = index
        index += 1
        var flags: UInt8 = 0
        // An invalid sequence is reported at the closing quote, after any escape or control-character
        // problem in the rest of the string (the order the errors have always come in).
        var invalidUTF8 = false
        while true {
            if let base = bytes.baseAddress, index &+ 16 <= bytes.count {
                // Sixteen bytes at a time; most names and values end in the first chunk, at a quote the
                // scan has already recognized.
                let (plain, endsAtQuote) = Self.scanPlain(
                    UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                )
                index &+= plain
                if plain == 16 { continue }
                if endsAtQuote {
                    try closeString(start: start, flags: flags, invalidUTF8: invalidUTF8)
                    return
                }
            } else {
                skipPlainStringBytes()
                guard index < bytes.count else { break }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try closeString(start: start, flags: flags, invalidUTF8: invalidUTF8)
                return
            }
            if byte == UInt8(ascii: "\\") {
                flags |= JSONTapeEntry.escaped
                _ = try parseEscape()
                continue
            }
            if byte < 0x20 { throw controlCharacterError(byte) }
            // A byte above 0x7F: the UTF-8 sequence it starts is checked here.
            flags |= JSONTapeEntry.nonASCII
            if let length = Self.utf8SequenceLength(bytes, at: index) {
                index += length
            } else {
                invalidUTF8 = true
                index += 1
            }
        }
        throw error("unterminated string", at: start, kind: .invalidString)
    }

    /// Appends the tape entry of the string that opened at `start` and whose closing quote is at `index`,
    /// and moves past the quote.
    @inline(__always)
    private mutating func closeString(start: Int, flags: UInt8, invalidUTF8: Bool) throws(JSONParseError) {
        if invalidUTF8 { throw error("the string is not valid UTF-8", at: start, kind: .invalidUTF8) }
        appendEntry(
            JSONTapeEntry(
                kind: .string,
                flags: flags,
                offset: UInt32(truncatingIfNeeded: start),
                length: UInt32(truncatingIfNeeded: index - start - 1)
            )
        )
        index += 1
    }

    /// The error for a raw control character, formatted out of line: `parseString` runs for every name
    /// and string value, and the message's formatting inlined there made its every call costlier.
    @inline(never)
    func controlCharacterError(_ byte: UInt8) -> JSONParseError {
        error("control character U+\(hex4(UInt32(byte))) must be escaped in a string", kind: .invalidString)
    }

    /// Moves `index` to the next byte inside a string that needs a look (a quote, a backslash, a control
    /// character or a byte above 0x7F), or to the end. Sixteen bytes are tested at a time: the text of
    /// names, descriptions and URLs is mostly plain ASCII (a byte at a time made the parse of a page of
    /// API items ~8% slower).
    @inline(__always)
    mutating func skipPlainStringBytes() {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        while index &+ 16 <= count {
            let plain = Self.plainPrefix(UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self))
            index &+= plain
            if plain < 16 { return }
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return }
            index &+= 1
        }
    }

    /// How many of `chunk`'s bytes, from the first, a string's text holds as they are (16 when all):
    /// not a quote, a backslash, a control character or a byte above 0x7F.
    @inline(__always)
    static func plainPrefix(_ chunk: SIMD16<UInt8>) -> Int {
        // Below 0x20 wraps around to 0xE0 and above; 0x80 and above lands at 0x60 and above.
        // The constants are typed in full: with the lane type left to inference, the generic `.==`
        // (a loop over the lanes) is chosen instead of the vector instruction.
        let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let space = SIMD16<UInt8>(repeating: 0x20)
        let span = SIMD16<UInt8>(repeating: 0x60)
        let special = (chunk .== quote) .| (chunk .== backslash) .| (chunk &- space .>= span)
        // Each lane as a byte of 0xFF or 0, read as two words: lane 0 is the low byte of the first
        // word in little-endian order. (`any(_:)` compiles to a loop over the lanes; this stays in
        // vector registers.)
        let lanes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: special)
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let low = words[0].littleEndian
        if low != 0 { return low.trailingZeroBitCount &>> 3 }
        return 8 &+ (words[1].littleEndian.trailingZeroBitCount &>> 3)
    }

    /// How many of `chunk`'s bytes, from the first, a string's text holds as they are (as `plainPrefix`),
    /// and whether the byte after them is a quote.
    @inline(__always)
    static func scanPlain(_ chunk: SIMD16<UInt8>) -> (plain: Int, endsAtQuote: Bool) {
        let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let space = SIMD16<UInt8>(repeating: 0x20)
        let span = SIMD16<UInt8>(repeating: 0x60)
        let isQuote = chunk .== quote
        let special = isQuote .| (chunk .== backslash) .| (chunk &- space .>= span)
        let zero = SIMD16<UInt8>(repeating: 0)
        let specialWords = unsafeBitCast(zero.replacing(with: 0xFF, where: special), to: SIMD2<UInt64>.self)
        let quoteWords = unsafeBitCast(zero.replacing(with: 0xFF, where: isQuote), to: SIMD2<UInt64>.self)
        let low = specialWords[0].littleEndian
        if low != 0 {
            let bit = low.trailingZeroBitCount
            return (bit &>> 3, (quoteWords[0].littleEndian &>> UInt64(bit)) & 1 != 0)
        }
        let high = specialWords[1].littleEndian
        if high == 0 { return (16, false) }
        let bit = high.trailingZeroBitCount
        return (8 &+ (bit &>> 3), (quoteWords[1].littleEndian &>> UInt64(bit)) & 1 != 0)
    }

    /// The length of the well-formed UTF-8 sequence (Unicode Table 3-7: no overlong forms, no
    /// surrogates, nothing above U+10FFFF) that starts with the non-ASCII byte at `offset`, or nil.
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let lead = bytes[offset]
        func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            offset + k < bytes.count && bytes[offset + k] >= low && bytes[offset + k] <= high
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }

    /// The text of the string whose opening quote is at `offset`, already checked by `parseString`.
    static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        var parser = JSONParser(bytes: bytes)
        parser.index = offset + 1
        let contentStart = parser.index
        while parser.index < bytes.count, bytes[parser.index] != UInt8(ascii: "\""),
            bytes[parser.index] != UInt8(ascii: "\\")
        {
            parser.index += 1
        }
        if parser.index >= bytes.count || bytes[parser.index] == UInt8(ascii: "\"") {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<parser.index]), as: UTF8.self)
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<parser.index]))
        while parser.index < bytes.count, bytes[parser.index] != UInt8(ascii: "\"") {
            if bytes[parser.index] == UInt8(ascii: "\\") {
                // Checked while parsing: an escape here always decodes.
                guard let scalar = try? parser.parseEscape() else { break }
                appendUTF8(scalar, to: &buffer)
            } else {
                buffer.append(bytes[parser.index])
                parser.index += 1
            }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends a scalar's UTF-8 bytes.
    static func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80: buffer.append(UInt8(value))
        case 0x80..<0x800:
            buffer.append(0xC0 | UInt8(value >> 6))
            buffer.append(0x80 | UInt8(value & 0x3F))
        case 0x800..<0x10000:
            buffer.append(0xE0 | UInt8(value >> 12))
            buffer.append(0x80 | UInt8((value >> 6) & 0x3F))
            buffer.append(0x80 | UInt8(value & 0x3F))
        default:
            buffer.append(0xF0 | UInt8(value >> 18))
            buffer.append(0x80 | UInt8((value >> 12) & 0x3F))
            buffer.append(0x80 | UInt8((value >> 6) & 0x3F))
            buffer.append(0x80 | UInt8(value & 0x3F))
        }
    }

    /// Decodes one escape at `index` (the backslash) and moves past it.
    mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("unterminated string", kind: .invalidString) }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
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
            return Unicode.Scalar(scalar)!
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
