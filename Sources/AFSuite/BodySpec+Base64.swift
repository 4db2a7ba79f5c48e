import Foundation

extension BodySpec {
    /// The bytes `text` encodes in standard base64 (RFC 4648 §4, padded); spaces and line breaks are
    /// ignored, as `base64 -d` ignores the breaks of wrapped output. nil when it is not base64.
    public static func decodeBase64(_ text: String) -> Data? {
        let compact = String(text.unicodeScalars.filter { !isBase64Space($0) })
        return Data(base64Encoded: compact)
    }

    /// The offset (in characters) of the first character of `text` outside the base64 alphabet,
    /// spaces and line breaks aside; nil when every character is in it (the length or the padding
    /// may still be wrong).
    public static func firstNonBase64Offset(in text: String) -> Int? {
        for (offset, character) in text.enumerated() {
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
                return offset
            }
            if isBase64Space(scalar) { continue }
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "+", "/", "=": continue
            default: return offset
            }
        }
        return nil
    }

    private static func isBase64Space(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t"
    }
}
