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
        /// Bit `b` set when a word starts with byte `b` (`b` < 128).
        private let firsts: (UInt64, UInt64)

        init(_ words: [String]) {
            var bytes: [UInt8] = []
            var bounds = [0]
            var firsts: (UInt64, UInt64) = (0, 0)
            for word in words where !word.isEmpty {
                let lowered = Array(word.lowercased().utf8)
                bytes += lowered
                bounds.append(bytes.count)
                let first = lowered[0]
                if first < 64 { firsts.0 |= 1 << UInt64(first) } else if first < 128 { firsts.1 |= 1 << UInt64(first - 64) }
            }
            self.bytes = bytes
            self.bounds = bounds
            self.firsts = firsts
        }

        /// Whether `text` contains one of the words, ignoring ASCII case.
        /// - Returns: nil when `text` has a non-ASCII byte: Unicode case mapping (the Kelvin sign lowercases
        ///   to `k`) needs the Foundation path then.
        func found(in text: String) -> Bool? {
            var text = text
            return text.withUTF8 { input in
                bytes.withUnsafeBufferPointer { words in
                    bounds.withUnsafeBufferPointer { bounds in search(input, words, bounds) }
                }
            }
        }

        private func search(
            _ input: UnsafeBufferPointer<UInt8>, _ words: UnsafeBufferPointer<UInt8>, _ bounds: UnsafeBufferPointer<Int>
        ) -> Bool? {
            var nonASCII: UInt8 = 0
            for byte in input { nonASCII |= byte }
            if nonASCII >= 0x80 { return nil }
            let count = input.count
            for start in 0..<count {
                let first = Self.lowered(input[start])
                let bit = first < 64 ? firsts.0 & (1 << UInt64(first)) : firsts.1 & (1 << UInt64(first - 64))
                if bit == 0 { continue }
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

    /// Secret header names that contain no secret fragment (none today): the fast name check must see them.
    private static let headerNamesWithoutFragment = secretHeaderNames
        .filter { name in !secretFragments.contains { name.contains($0) } }.sorted()
    /// Everything that makes a name secret (a fragment, or a header name that has none).
    static let secretNameWords = ASCIIWords(secretFragments + headerNamesWithoutFragment)
    /// The words that make a text worth the regular expressions.
    static let triggerWordSet = ASCIIWords(triggerWords)
}
