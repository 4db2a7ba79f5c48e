import Foundation

/// Escaping for XML attribute values and text.
enum XMLText {
    /// `text` with markup characters escaped and characters XML 1.0 forbids replaced by U+FFFD.
    /// Tabs and line breaks become character references, because a parser normalizes them to spaces
    /// in an attribute value.
    static func escape(_ text: String) -> String {
        escape(text, keepingLineBreaks: false)
    }

    /// Element text: like `escape`, but tabs and line feeds stay as they are (a parser keeps them in
    /// text) and carriage returns are dropped, so a CRLF from a server reads as one line break.
    static func escapeText(_ text: String) -> String {
        escape(text, keepingLineBreaks: true)
    }

    private static func escape(_ text: String, keepingLineBreaks: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t": output += keepingLineBreaks ? "\t" : "&#9;"
            case "\n": output += keepingLineBreaks ? "\n" : "&#10;"
            case "\r": output += keepingLineBreaks ? "" : "&#13;"
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xD800...0xDFFF).contains(value) && value != 0xFFFE && value != 0xFFFF
                output.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return output
    }
}
