extension JSONValue {
    /// The value as JSON text; `sortedKeys` orders object members by name, `pretty` indents by two spaces.
    ///
    /// Numbers are written by their literal (so `1.50` stays `1.50`); a number made from a
    /// non-finite `Double` has no JSON form and is written as `null`. Strings escape `"`, `\`
    /// and control characters; other characters, including `/` and non-ASCII, are written as is.
    /// - Parameters:
    ///   - pretty: one member or element per line, indented by two spaces, `": "` after names.
    ///   - sortedKeys: members ordered by name (by Unicode scalars) instead of document order.
    /// - Returns: valid JSON text.
    public func serialized(pretty: Bool = false, sortedKeys: Bool = false) -> String {
        // Scalars (every assertion's expected and actual text, usually) need no writer; the
        // same text as `JSONWriter.write` produces.
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONNumber.isValidLiteral(number.literal.utf8) ? number.literal : "null"
        case .string, .array, .object: break
        }
        var writer = JSONWriter(pretty: pretty, sortedKeys: sortedKeys)
        writer.output.reserveCapacity(64)
        writer.write(self, indent: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

/// Accumulates JSON text as UTF-8 bytes.
struct JSONWriter {
    let pretty: Bool
    let sortedKeys: Bool
    var output: [UInt8] = []

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number):
            append(JSONNumber.isValidLiteral(number.literal.utf8) ? number.literal : "null")
        case .string(let text): writeString(text)
        case .array(let elements):
            guard !elements.isEmpty else { return append("[]") }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            output.append(UInt8(ascii: "{"))
            let members =
                sortedKeys
                ? object.members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
                : object.members
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writeString(member.key)
                append(pretty ? ": " : ":")
                write(member.value, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    mutating func newline(_ indent: Int) {
        guard pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }

    mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                let hex = String(byte, radix: 16, uppercase: false)
                append("\\u00" + (hex.count == 1 ? "0" + hex : hex))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
