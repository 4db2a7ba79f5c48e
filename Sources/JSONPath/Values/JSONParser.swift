/// A recursive-descent RFC 8259 parser over raw bytes.
///
/// It works on an `UnsafeBufferPointer` owned by the caller's `withUnsafeBytes` scope, so it
/// must not escape that scope; it is a plain value used by one thread.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    let recordsLocations: Bool
    var map = JSONSourceMap()
    /// Whether `sourceIndex` is filled (the cheap alternative to `map`).
    let recordsOffsets: Bool
    var sourceIndex: JSONSourceIndex
    /// The member name's offset for the value about to be parsed (-1: none).
    var pendingKeyOffset = -1
    /// Set when an object names a member twice.
    var sawDuplicateKey = false

    // Line tracking: raw newlines can only appear in whitespace, so `skipWhitespace` sees them all.
    var line = 1
    // Column bookkeeping for location recording: the column at `columnOffset` on the current line.
    var columnOffset = 0
    var column = 1

    init(bytes: UnsafeBufferPointer<UInt8>, recordsLocations: Bool, recordsOffsets: Bool = false) {
        self.bytes = bytes
        self.recordsLocations = recordsLocations
        self.recordsOffsets = recordsOffsets
        sourceIndex = JSONSourceIndex(bytes: recordsOffsets ? Array(bytes) : [])
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            columnOffset = 3
        }
        skipWhitespace()
        guard index < bytes.count else { throw error("the document is empty; expected a JSON value") }
        let value = try parseValue(pointer: "")
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describe(bytes[index])) after the JSON value; a document holds exactly one value")
        }
        return value
    }

    // MARK: - Values

    mutating func parseValue(pointer: String) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input; expected a JSON value") }
        if recordsLocations { map.valueLocations[pointer] = currentLocation() }
        var node = -1
        if recordsOffsets {
            node = sourceIndex.addNode(valueOffset: index, keyOffset: pendingKeyOffset)
            pendingKeyOffset = -1
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(pointer: pointer, node: node)
        case UInt8(ascii: "["): return try parseArray(pointer: pointer, node: node)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case let byte: throw error("unexpected \(describe(byte)); expected a JSON value")
        }
    }

    mutating func parseObject(pointer: String, node: Int = -1) throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var childNodes: [Int32] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            if recordsOffsets { sourceIndex.setChildren(of: node, childNodes) }
            return .object(JSONObject())
        }
        // Room for a small object's members at once (most have a few): one allocation instead of a
        // growth step at the first, second and third member.
        members.reserveCapacity(4)
        if recordsOffsets { childNodes.reserveCapacity(4) }
        while true {
            guard index < bytes.count else { throw error("unexpected end of input; expected a member name") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}") {
                    throw error("trailing comma before '}' is not allowed", kind: .trailingComma)
                }
                throw error("unexpected \(describe(bytes[index])); expected a member name in double quotes")
            }
            let keyLocation = recordsLocations ? currentLocation() : nil
            let keyOffset = index
            let key = try parseString()
            let childPointer = recordsLocations ? pointer + "/" + JSONSourceMap.escape(key) : ""
            if let keyLocation { map.keyLocations[childPointer] = keyLocation }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            if recordsOffsets {
                childNodes.append(Int32(truncatingIfNeeded: sourceIndex.valueOffsets.count))
                pendingKeyOffset = keyOffset
            }
            let value = try parseValue(pointer: childPointer)
            members.append((key, value))
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
                let object = JSONObject(members)
                // The object keeps one member per name: fewer members than written means a repeat.
                if object.count != members.count { sawDuplicateKey = true }
                if recordsOffsets { sourceIndex.setChildren(of: node, childNodes) }
                return .object(object)
            } else {
                throw error("unexpected \(describe(bytes[index])); expected ',' or '}' after an object member")
            }
        }
    }

    mutating func parseArray(pointer: String, node: Int = -1) throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        var childNodes: [Int32] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            if recordsOffsets { sourceIndex.setChildren(of: node, childNodes) }
            return .array(elements)
        }
        while true {
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                throw error("trailing comma before ']' is not allowed", kind: .trailingComma)
            }
            let childPointer = recordsLocations ? pointer + "/" + String(elements.count) : ""
            if recordsOffsets { childNodes.append(Int32(truncatingIfNeeded: sourceIndex.valueOffsets.count)) }
            elements.append(try parseValue(pointer: childPointer))
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
                if recordsOffsets { sourceIndex.setChildren(of: node, childNodes) }
                return .array(elements)
            } else {
                throw error("unexpected \(describe(bytes[index])); expected ',' or ']' after an array element")
            }
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > JSONValue.maximumDepth {
            throw error("arrays and objects nest deeper than \(JSONValue.maximumDepth) levels", kind: .nestingTooDeep)
        }
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for offset in 0..<count {
            guard index + offset < bytes.count, bytes[index + offset] == start[offset] else {
                throw error("invalid literal; expected '\(word)' (JSON literals are lowercase: true, false, null)")
            }
        }
        index += count
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
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
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(validatedLiteral: text)
    }

    // MARK: - Whitespace and positions

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                columnOffset = index
                column = 1
            default:
                return
            }
        }
    }

    /// The location of `index`, advancing the column cache (offsets only grow while parsing).
    mutating func currentLocation() -> JSONSourceLocation {
        while columnOffset < index {
            if bytes[columnOffset] & 0xC0 != 0x80 { column += 1 }
            columnOffset += 1
        }
        return JSONSourceLocation(offset: index, line: line, column: column)
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

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
