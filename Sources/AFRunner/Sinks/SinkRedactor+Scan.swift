import Foundation

/// Fast checks that let `SinkRedactor` skip its Foundation paths (`lowercased()`, `String.contains`
/// bridged through `NSString`, `URLComponents`) for the common text that names no secret: on a
/// 2,000-test run those paths cost more CPU than the rest of recording history.
extension SinkRedactor {
    /// A set of lowercase ASCII words searched for in a text, ignoring ASCII case, without allocating.
    struct ASCIIWords: Sendable {
        /// The words back to back.
        private let bytes: [UInt8]
        /// Where each word starts in `bytes`, plus the end.
        private let bounds: [Int]
        /// Bit `a << 7 | b` set when a word starts with the bytes `a`, `b` (a one-byte word `a` sets every `b`):
        /// most positions of a text are ruled out by one lookup instead of a comparison with every word.
        private let pairs: [UInt64]

        init(_ words: [String]) {
            var bytes: [UInt8] = []
            var bounds = [0]
            var pairs = [UInt64](repeating: 0, count: 128 * 128 / 64)
            for word in words where !word.isEmpty {
                let lowered = Array(word.lowercased().utf8)
                precondition(lowered.allSatisfy { $0 < 0x80 }, "ASCIIWords takes ASCII words")
                bytes += lowered
                bounds.append(bytes.count)
                for second in lowered.count > 1 ? lowered[1]...lowered[1] : 0...127 {
                    let pair = Int(lowered[0]) << 7 | Int(second)
                    pairs[pair >> 6] |= 1 << UInt64(pair & 63)
                }
            }
            self.bytes = bytes
            self.bounds = bounds
            self.pairs = pairs
        }

        /// Whether `text` contains one of the words, ignoring ASCII case.
        /// - Returns: nil when `text` has a non-ASCII byte: Unicode case mapping (the Kelvin sign lowercases
        ///   to `k`) needs the Foundation path then.
        func found(in text: String) -> Bool? {
            var text = text
            return text.withUTF8 { input in found(inUTF8: input) }
        }

        /// Whether `text` contains one of the words, ignoring ASCII case; nil when it is not all ASCII.
        func found(in text: Substring) -> Bool? {
            var text = text
            return text.withUTF8 { input in found(inUTF8: input) }
        }

        /// Whether `input` contains one of the words, ignoring ASCII case; nil when it is not all ASCII.
        func found(inUTF8 input: UnsafeBufferPointer<UInt8>) -> Bool? {
            bytes.withUnsafeBufferPointer { words in
                bounds.withUnsafeBufferPointer { bounds in
                    pairs.withUnsafeBufferPointer { pairs in search(input, words, bounds, pairs) }
                }
            }
        }

        private func search(
            _ input: UnsafeBufferPointer<UInt8>,
            _ words: UnsafeBufferPointer<UInt8>,
            _ bounds: UnsafeBufferPointer<Int>,
            _ pairs: UnsafeBufferPointer<UInt64>
        ) -> Bool? {
            var nonASCII: UInt8 = 0
            for byte in input { nonASCII |= byte }
            if nonASCII >= 0x80 { return nil }
            let count = input.count
            for start in 0..<count {
                let first = Self.lowered(input[start])
                // The last byte can only start a one-byte word: its pair with any byte says whether one does.
                let second = start + 1 < count ? Self.lowered(input[start + 1]) : 0
                let pair = Int(first) << 7 | Int(second)
                if pairs[pair >> 6] & (1 << UInt64(pair & 63)) == 0 { continue }
                for index in 0..<(bounds.count - 1) {
                    let from = bounds[index]
                    let length = bounds[index + 1] - from
                    guard words[from] == first, length <= count - start else { continue }
                    var offset = 1
                    while offset < length, Self.lowered(input[start + offset]) == words[from + offset] { offset += 1 }
                    if offset == length { return true }
                }
            }
            return false
        }

        @inline(__always)
        private static func lowered(_ byte: UInt8) -> UInt8 {
            byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
    }

    /// Whether `text` has `byte` (ASCII).
    static func asciiHas(_ text: String, _ byte: UInt8) -> Bool {
        text.utf8.contains(byte)
    }

    /// Whether the query of a URL (after the first `?`, up to a `#`) surely has no item `url(_:)` masks: no
    /// `%` (a percent-encoded name) and no secret-looking word, all ASCII. Only the query is scanned: a word in
    /// the host or path (`/auth/login`) changes nothing, and scanning the whole URL of every result was most of
    /// `url(_:)`'s time.
    static func queryNeedsNoMask(_ url: String) -> Bool {
        let bytes = url.utf8
        guard let mark = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
            bytes[mark] == UInt8(ascii: "?")
        else { return true }  // no query
        let query = bytes[bytes.index(after: mark)...].prefix { $0 != UInt8(ascii: "#") }
        if query.contains(UInt8(ascii: "%")) { return false }
        return secretNameWords.found(in: Substring(query)) == false
    }

    /// Whether no URL rule can change `url` (a password, a query item with a secret name) when there are no
    /// secret values to replace. That is: no `@`, and after the first `?` nothing percent-encoded, nothing
    /// non-ASCII and none of either rule's words. One pass over the bytes without allocating: both redactors
    /// look at the URL of every recorded result, and their own scans cost more than the rest of the check.
    public static func urlIsPlain(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
            if memchr(base, Int32(UInt8(ascii: "@")), bytes.count) != nil { return false }
            guard let mark = memchr(base, Int32(UInt8(ascii: "?")), bytes.count) else { return true }
            let query = UnsafeBufferPointer(rebasing: bytes[(UnsafeRawPointer(mark) - UnsafeRawPointer(base) + 1)...])
            if let start = query.baseAddress, memchr(start, Int32(UInt8(ascii: "%")), query.count) != nil {
                return false
            }
            return urlWords.found(inUTF8: query) == false
        }
    }

    /// The words of the URL rule (`secretNameWords`).
    static let urlWords = ASCIIWords(secretFragments + headerNamesWithoutFragment)

    /// Sensitive names that contain no fragment (`key`, `sig`): a name must equal one of them, while the fast
    /// "may name a secret" scans look for them as words.
    static let headerNamesWithoutFragment: [String] = {
        // Searched with `ASCIIWords`, not `String.contains`: Foundation's string search costs more to set up than
        // the rest of a recorded run's redaction.
        let fragments = ASCIIWords(secretFragments)
        return secretHeaderNames.filter { fragments.found(in: $0) == false }.sorted()
    }()
    /// The fragments alone.
    static let fragmentWords = ASCIIWords(secretFragments)

    /// Whether `name` equals one of `headerNamesWithoutFragment`, ignoring ASCII case; compared by length first
    /// (every header name of every result passes here), without allocating.
    static func isExactNameWithoutFragment(_ name: String) -> Bool {
        let count = name.utf8.count
        return headerNamesWithoutFragment.contains { exact in
            exact.utf8.count == count
                && zip(exact.utf8, name.utf8).allSatisfy { e, n in e == (n >= 0x41 && n <= 0x5A ? n | 0x20 : n) }
        }
    }
    /// Everything that may make a name secret (a fragment, or a whole name that has none), as words.
    static let secretNameWords = ASCIIWords(secretFragments + headerNamesWithoutFragment)
    /// The words that make a text worth the regular expressions.
    static let triggerWordSet = ASCIIWords(triggerWords)
}
