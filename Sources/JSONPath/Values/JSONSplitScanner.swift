/// Finds where an array member of a document's top-level object and each of its elements are, without
/// building any value: strings, nesting and scalars are skipped byte by byte. It trusts the document only
/// as far as it must to find the places; the parsers that read the parts check everything.
///
/// It reads the bytes in place (`withUnsafeBufferPointer` of the caller), so it must not outlive that scope.
struct JSONSplitScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The array member `name` (written without escapes): its value's range and its elements' ranges;
    /// nil when the top level is not an object, the member is missing, repeated or not an array, or the
    /// scan meets something it does not expect.
    mutating func arrayMember(named name: [UInt8]) -> (array: Range<Int>, elements: [Range<Int>])? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard next(is: "{") else { return nil }
        index += 1
        var found: (array: Range<Int>, elements: [Range<Int>])?
        while true {
            skipWhitespace()
            guard next(is: "\"") else { return nil }
            let keyStart = index + 1
            guard skipString() else { return nil }
            let key = bytes[keyStart..<(index - 1)]
            skipWhitespace()
            guard next(is: ":") else { return nil }
            index += 1
            skipWhitespace()
            if key.elementsEqual(name) {
                guard found == nil, next(is: "["), let array = scanArray() else { return nil }
                found = array
            } else if !skipValue() {
                return nil
            }
            skipWhitespace()
            if next(is: ",") {
                index += 1
            } else if next(is: "}") {
                return found
            } else {
                return nil
            }
        }
    }

    /// The array at `index`: its range and its elements' ranges.
    private mutating func scanArray() -> (array: Range<Int>, elements: [Range<Int>])? {
        let start = index
        index += 1
        var elements: [Range<Int>] = []
        skipWhitespace()
        if next(is: "]") {
            index += 1
            return (start..<index, [])
        }
        while true {
            skipWhitespace()
            let elementStart = index
            guard skipValue() else { return nil }
            elements.append(elementStart..<index)
            skipWhitespace()
            if next(is: ",") {
                index += 1
            } else if next(is: "]") {
                index += 1
                return (start..<index, elements)
            } else {
                return nil
            }
        }
    }

    /// Moves past one value; false at the end of the document or on a stray closing bracket.
    private mutating func skipValue() -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default: break
                }
                index += 1
            }
            return false
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"): return false
        default:
            // A number or a literal: up to the next delimiter.
            let start = index
            while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
            return index > start
        }
    }

    /// Moves past the string whose opening quote is at `index`; false when it does not end.
    private mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return false
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private func next(is character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == 0x20 || byte == 0x0A
            || byte == 0x0D || byte == 0x09
    }
}
