/// Hides short secret forms (under four characters) where they stand as a whole field value inside text, and
/// nowhere else:
/// - a whole query, form or cookie value: after `=`, up to `&`, `;`, `#`, `,`, a quote, white space or the end;
/// - a whole JSON string value: between quotes, not followed by `:` (a member name is not a value);
/// - a whole line (a multipart field's value): between line breaks or the text's ends;
/// - a whole header value quoted in text: after `: `, up to the end of the line.
enum WholeFieldMasker {
    /// `text` with every whole-field occurrence of `forms` replaced by the mask.
    static func mask(_ text: String, forms: [String]) -> String {
        var bytes = Array(text.utf8)
        var changed = false
        for form in forms {
            let needle = Array(form.utf8)
            guard !needle.isEmpty, needle.count <= bytes.count else { continue }
            var start = 0
            while start + needle.count <= bytes.count {
                guard bytes[start] == needle[0], bytes[start..<start + needle.count].elementsEqual(needle),
                    isWholeField(bytes, from: start, to: start + needle.count)
                else {
                    start += 1
                    continue
                }
                bytes.replaceSubrange(start..<start + needle.count, with: mask)
                start += mask.count
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    private static let mask = Array(Redactor.mask.utf8)

    /// Whether `bytes[from..<to]` is a whole field by one of the rules above.
    static func isWholeField(_ bytes: [UInt8], from: Int, to: Int) -> Bool {
        let before: UInt8? = from > 0 ? bytes[from - 1] : nil
        let after: UInt8? = to < bytes.count ? bytes[to] : nil
        func isLineEnd(_ b: UInt8?) -> Bool { b == nil || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") }
        if isLineEnd(before), isLineEnd(after) { return true }
        switch before {
        case UInt8(ascii: "="):
            guard let after else { return true }
            return valueEnds.contains(after)
        case UInt8(ascii: "\""):
            guard after == UInt8(ascii: "\""), from < 2 || bytes[from - 2] != UInt8(ascii: "\\") else { return false }
            var next = to + 1
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") {
                next += 1
            }
            return next == bytes.count || bytes[next] != UInt8(ascii: ":")
        case UInt8(ascii: " "):
            return from >= 2 && bytes[from - 2] == UInt8(ascii: ":") && isLineEnd(after)
        default:
            return false
        }
    }

    /// Bytes that end a query, form or cookie value.
    private static let valueEnds: Set<UInt8> = Set("&;#,\"' \t\r\n".utf8)
}
