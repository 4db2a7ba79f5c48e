/// Fast checks that let `SinkRedactor` skip its Foundation paths (`lowercased()`, `String.contains`
/// bridged through `NSString`, `URLComponents`) for the common text that names no secret: on a
/// 2,000-test run those paths cost more CPU than the rest of recording history.
extension SinkRedactor {
    /// Lowercase ASCII words as bytes.
    static func asciiWords(_ words: [String]) -> [[UInt8]] { words.map { Array($0.utf8) } }

    /// Whether `text` contains one of `words` (lowercase ASCII bytes), ignoring ASCII case.
    /// - Returns: nil when `text` has a non-ASCII byte: Unicode case mapping (the Kelvin sign lowercases
    ///   to `k`) needs the Foundation path then.
    static func asciiContains(_ text: String, anyOf words: [[UInt8]]) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            for byte in bytes where byte >= 0x80 { return nil }
            let count = bytes.count
            var start = 0
            while start < count {
                for word in words where word.count <= count - start {
                    var matched = true
                    for offset in 0..<word.count where lowered(bytes[start + offset]) != word[offset] {
                        matched = false
                        break
                    }
                    if matched { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// Whether `text` has `byte` (ASCII).
    static func asciiHas(_ text: String, _ byte: UInt8) -> Bool {
        text.utf8.contains(byte)
    }

    @inline(__always)
    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    static let secretFragmentBytes = asciiWords(secretFragments)
    static let triggerWordBytes = asciiWords(triggerWords)
    /// Secret header names that contain no secret fragment (none today): the fast name check must see them.
    static let headerNamesWithoutFragment = asciiWords(
        secretHeaderNames.filter { name in !secretFragments.contains { name.contains($0) } }.sorted())
    /// Everything that makes a name secret, for a whole-text scan.
    static let secretNameBytes = secretFragmentBytes + headerNamesWithoutFragment
}
