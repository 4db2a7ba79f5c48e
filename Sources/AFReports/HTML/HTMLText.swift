/// Escaping for HTML text and attribute values.
enum HTMLText {
    /// `text` with markup characters escaped, safe in element text and in a double- or single-quoted
    /// attribute value. Control characters a parser rejects are shown as their Unicode control pictures
    /// (U+0001 becomes ␁), so a byte a server sent stays visible without breaking the page; noncharacters
    /// and C1 controls become U+FFFD.
    static func escape(_ text: String) -> String {
        // Most texts have nothing to escape: a scan of the bytes is cheaper than rebuilding them.
        if !text.utf8.contains(where: needsWork) { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\t", "\n": output.unicodeScalars.append(scalar)
            case "\r": break
            default:
                let value = scalar.value
                if value < 0x20 {
                    output.unicodeScalars.append(Unicode.Scalar(0x2400 + value)!)
                } else if value == 0x7F {
                    output += "\u{2421}"
                } else if (0x80...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
                    || value & 0xFFFE == 0xFFFE
                {
                    output += "\u{FFFD}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    /// Whether a UTF-8 byte may need a replacement: markup characters, controls, and every non-ASCII
    /// byte (C1 controls and noncharacters are multi-byte).
    private static func needsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0..<0x20, 0x7F...: byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n")
        default: false
        }
    }
}
