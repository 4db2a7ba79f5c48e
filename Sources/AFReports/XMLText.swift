import Foundation

/// Escaping for XML attribute values and text.
enum XMLText {
    /// `text` with markup characters escaped and characters XML 1.0 forbids replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t": output += "&#9;"
            case "\n": output += "&#10;"
            case "\r": output += "&#13;"
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xD800...0xDFFF).contains(value) && value != 0xFFFE && value != 0xFFFF
                output.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return output
    }

    /// Element text: like `escape` but keeps line breaks and tabs as they are.
    static func escapeText(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "&#10;", with: "\n").replacingOccurrences(of: "&#9;", with: "\t")
            .replacingOccurrences(of: "&#13;", with: "")
    }
}
