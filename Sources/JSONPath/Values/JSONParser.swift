/// A recursive-descent RFC 8259 parser over raw bytes that writes a tape (``JSONTapeEntry``): every
/// document is read by this parser once, and a `JSONValue` tree, when one is needed, is built from the
/// tape (`JSONTreeBuilder`).
///
/// It works on an `UnsafeBufferPointer` owned by the caller's `withUnsafeBufferPointer` scope, so it
/// must not escape that scope; it is a plain value used by one thread.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// The tape being written: `tapeCount` entries through `entries`, room for `tapeCapacity`
    /// (no buffer until `parseDocument()` sizes one).
    var tape: JSONTapeBuffer?
    var entries: UnsafeMutablePointer<JSONTapeEntry>?
    var tapeCount = 0
    var tapeCapacity = 0
    /// `JSONSplitDocument`: the name (UTF-8) of the root object's member whose array elements are validated and
    /// located (`splitOffsets`) but not kept on the tape, so a large array costs no tape while it is checked.
    var splitKey: [UInt8]?
    /// Where each element of the split array starts (its last occurrence, as the tree keeps the last value).
    var splitOffsets: [UInt32] = []
    /// Set by a root member named `splitKey`, for the array that may be its value.
    private var splitsNextArray = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses the whole document.
    /// - Returns: its tape.
    mutating func parseDocument() throws(JSONParseError) -> JSONTapeBuffer {
        guard bytes.count < Int(UInt32.max) else {
            throw JSONParseError(
                kind: .syntax,
                message: "the document is larger than 4 GiB, more than a JSON document can be here",
                offset: 0,
                line: 1,
                column: 1
            )
        }
        // About one entry per eight bytes of a typical API response or suite: sized once instead of
        // growing (and being copied) a dozen times while a large document is parsed.
        reserveTape(splitKey == nil ? bytes.count / 8 + 4 : 1024)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        // UTF-16 or UTF-32 text would otherwise read as "unexpected byte 0xFF", which hides the cause.
        if let encoding = wideEncoding {
            throw error("the text is \(encoding), not UTF-8", kind: .invalidUTF8)
        }
        skipWhitespace()
        guard index < bytes.count else { throw error("the document is empty; expected a JSON value") }
        try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describe(bytes[index])) after the JSON value; a document holds exactly one value")
        }
        return takeTape()
    }

    /// The tape written so far: the document's, or one value's (`parseValue()` from an offset of a larger
    /// document, whose offsets the entries keep).
    mutating func takeTape() -> JSONTapeBuffer {
        reserveTape(1)
        // Sized above: never nil here.
        let parsed = tape!
        parsed.setCount(tapeCount)
        return parsed
    }

    // MARK: - Values

    mutating func parseValue() throws(JSONParseError) {
        guard index < bytes.count else { throw error("unexpected end of input; expected a JSON value") }
        let start = UInt32(truncatingIfNeeded: index)
        switch bytes[index] {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
            appendEntry(
                JSONTapeEntry(kind: .number, offset: start, length: UInt32(truncatingIfNeeded: index) - start)
            )
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            appendEntry(JSONTapeEntry(kind: .true, offset: start))
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            appendEntry(JSONTapeEntry(kind: .false, offset: start))
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            appendEntry(JSONTapeEntry(kind: .null, offset: start))
        case let byte: throw error("unexpected \(describe(byte)); expected a JSON value")
        }
    }

    mutating func parseObject() throws(JSONParseError) {
        try enterContainer()
        let entry = tapeCount
        appendEntry(JSONTapeEntry(kind: .object, offset: UInt32(truncatingIfNeeded: index)))
        index += 1
        var count: UInt32 = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            closeContainer(entry, count: 0)
            return
        }
        while true {
            guard index < bytes.count else { throw error("unexpected end of input; expected a member name") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}") {
                    throw error("trailing comma before '}' is not allowed", kind: .trailingComma)
                }
                throw error("unexpected \(describe(bytes[index])); expected a member name in double quotes")
            }
            let keyOffset = index
            try parseString()
            if depth == 1, let splitKey {
                splitsNextArray = Array(Self.decodeString(bytes, at: keyOffset).utf8) == splitKey
                if splitsNextArray { splitOffsets.removeAll() }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                let key = Self.decodeString(bytes, at: keyOffset)
                throw error("expected ':' after the member name \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            // A string value (most members' value) without the dispatch of `parseValue`.
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { try parseString() } else { try parseValue() }
            count &+= 1
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of input; expected ',' or '}' after an object member")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                closeContainer(entry, count: count)
                return
            } else {
                throw error("unexpected \(describe(bytes[index])); expected ',' or '}' after an object member")
            }
        }
    }

    mutating func parseArray() throws(JSONParseError) {
        try enterContainer()
        let splits = splitsNextArray && depth == 2
        splitsNextArray = false
        let entry = tapeCount
        appendEntry(JSONTapeEntry(kind: .array, offset: UInt32(truncatingIfNeeded: index)))
        index += 1
        var count: UInt32 = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            closeContainer(entry, count: 0)
            return
        }
        while true {
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                throw error("trailing comma before ']' is not allowed", kind: .trailingComma)
            }
            let element = tapeCount
            try parseValue()
            count += 1
            if splits {
                // Located, then dropped from the tape (entries are plain values: nothing to deinitialize).
                splitOffsets.append(entries![element].offset)
                tapeCount = element
            }
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of input; expected ',' or ']' after an array element")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                // A split array's elements are not on the tape: it reads as empty.
                closeContainer(entry, count: splits ? 0 : count)
                return
            } else {
                throw error("unexpected \(describe(bytes[index])); expected ',' or ']' after an array element")
            }
        }
    }

    @inline(__always)
    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > JSONValue.maximumDepth { throw nestingError() }
    }

    /// Formatted out of line, as `controlCharacterError(_:)` is: the containers' hot path stays small.
    @inline(never)
    func nestingError() -> JSONParseError {
        error("arrays and objects nest deeper than \(JSONValue.maximumDepth) levels", kind: .nestingTooDeep)
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        // The whole word at once when the document has room for it (`true`, `false`, `null` are
        // read for every boolean and null of a response); a byte at a time otherwise.
        if index + count <= bytes.count,
            bytes[index..<index + count].elementsEqual(UnsafeBufferPointer(start: start, count: count))
        {
            index += count
            return
        }
        for offset in 0..<count {
            guard index + offset < bytes.count, bytes[index + offset] == start[offset] else {
                throw error("invalid literal; expected '\(word)' (JSON literals are lowercase: true, false, null)")
            }
        }
        index += count
    }

    /// Checks a number's grammar and moves past it (its text is read from the bytes when wanted).
    mutating func parseNumber() throws(JSONParseError) {
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw error("expected a digit after '-'", kind: .invalidNumber) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) {
                throw error("leading zeros are not allowed in numbers", at: start, kind: .invalidNumber)
            }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw error("expected a digit after the decimal point", kind: .invalidNumber) }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(index) else { throw error("expected a digit in the exponent", kind: .invalidNumber) }
            while isDigit(index) { index += 1 }
        }
    }

    // MARK: - The tape

    /// Appends one tape entry.
    @inline(__always)
    mutating func appendEntry(_ entry: JSONTapeEntry) {
        if tapeCount == tapeCapacity { reserveTape(max(16, tapeCapacity * 2)) }
        (entries! + tapeCount).initialize(to: entry)
        tapeCount &+= 1
    }

    /// Sets where the container entry at `index` ends (the entries written so far) and how many
    /// children it has.
    @inline(__always)
    mutating func closeContainer(_ index: Int, count: UInt32) {
        entries![index].length = UInt32(truncatingIfNeeded: tapeCount)
        entries![index].count = count
    }

    /// Makes room for at least `capacity` entries.
    mutating func reserveTape(_ capacity: Int) {
        guard capacity > tapeCapacity else { return }
        let buffer = tape?.moved(count: tapeCount, capacity: capacity) ?? JSONTapeBuffer(capacity: capacity)
        tape = buffer
        entries = buffer.entries
        tapeCapacity = capacity
    }

    // MARK: - Whitespace and errors

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: index += 1
            default: return
            }
        }
    }

    /// An error at `offset` (default: the current index), with line and column counted afresh.
    func error(_ message: String, at offset: Int? = nil, kind: JSONParseError.Kind = .syntax) -> JSONParseError {
        let offset = min(offset ?? index, bytes.count)
        var line = 1
        var column = 1
        // A byte order mark is skipped, not counted as a character of the first line.
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        for position in (hasBOM ? min(3, offset) : 0)..<offset {
            let byte = bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(kind: kind, message: message, offset: offset, line: line, column: column)
    }

    /// The encoding of text that starts with a UTF-16 byte order mark, or with a NUL byte beside its first
    /// character as UTF-16 and UTF-32 write ASCII; nil for anything else.
    var wideEncoding: String? {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): return "UTF-16 (little-endian, with a byte order mark)"
        case (0xFE, 0xFF): return "UTF-16 (big-endian, with a byte order mark)"
        case (0x00, _), (_, 0x00): return "UTF-16 or UTF-32"
        default: return nil
        }
    }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
