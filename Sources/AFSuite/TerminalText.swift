/// Text from data (response bodies and headers, suite and test names, suite excerpts) made safe to
/// write to a terminal: control characters are shown as escapes, so a body holding
/// `ESC ] 0 ; … BEL` reads `\x1b]0;…\x07` instead of retitling or clearing the terminal. afrun's own
/// colour codes are added around the escaped text, never passed through here.
public enum TerminalText {
    /// `text` with every control character written visibly: C0 controls and DEL as `\xHH`, C1
    /// controls (which some terminals read as escape sequences too) as `\u{HHHH}`, and so are the
    /// characters that reorder or break what is shown without being seen: bidirectional marks,
    /// embeddings, overrides and isolates (a name holding U+202E reads backwards from there on), and
    /// the line and paragraph separators.
    /// - Parameters:
    ///   - text: text that came from data.
    ///   - multiline: keep line feeds and tabs as they are (a body excerpt printed line by line); a
    ///     carriage return is escaped in any case, since it moves the cursor back over what was printed.
    /// - Returns: the text, unchanged (and not copied) when it holds no control character.
    public static func visible(_ text: String, multiline: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, multiline: multiline) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, multiline: multiline) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            out +=
                scalar.value < 0x80
                ? "\\x" + (hex.count < 2 ? "0" + hex : hex)
                : "\\u{" + String(repeating: "0", count: 4 - hex.count) + hex + "}"
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, multiline: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !multiline
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
