import AFRunner

/// The JSON text of the history's JSON columns (header lists, failure messages, captures, chain pins),
/// byte for byte what `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` writes, built by hand:
/// two encoder runs per result were a fifth of recording's CPU.
enum CompactJSON {
    /// `["a","b"]`.
    static func array(_ values: [String]) -> String {
        var output = [UInt8]()
        output.reserveCapacity(values.reduce(2) { $0 + $1.utf8.count + 3 })
        output.append(UInt8(ascii: "["))
        for (position, value) in values.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            appendString(value, to: &output)
        }
        output.append(UInt8(ascii: "]"))
        return String(decoding: output, as: UTF8.self)
    }

    /// `[{"name":"…","value":"…"},…]` (a `HeaderField`'s coding keys, sorted).
    static func headers(_ fields: [HeaderField]) -> String {
        var output = [UInt8]()
        appendHeaders(fields, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `headers(fields)`'s bytes to `output` (the writer reuses one buffer).
    static func appendHeaders(_ fields: [HeaderField], to output: inout [UInt8]) {
        output.reserveCapacity(output.count + fields.reduce(2) { $0 + $1.name.utf8.count + $1.value.utf8.count + 24 })
        output.append(UInt8(ascii: "["))
        for (position, field) in fields.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: #"{"name":"#.utf8)
            appendString(field.name, to: &output)
            output.append(contentsOf: #","value":"#.utf8)
            appendString(field.value, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "]"))
    }

    /// `{"a":"…","b":"…"}` with the keys sorted.
    static func object(_ members: [String: String]) -> String {
        var output = [UInt8]()
        output.append(UInt8(ascii: "{"))
        for (position, key) in members.keys.sorted().enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            appendString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            appendString(members[key] ?? "", to: &output)
        }
        output.append(UInt8(ascii: "}"))
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything else as is.
    static func appendString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(contentsOf: value.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
