import JSONPath

/// Finds member names written twice in one object. The JSON parser keeps the last value, so a
/// second `"expect"` would silently replace the first; this scan over the (already valid) bytes
/// reports it instead.
enum DuplicateKeyScanner {
    struct Duplicate: Equatable {
        /// The member name as written (escapes kept).
        var key: String
        /// The JSON pointer of the second occurrence.
        var pointer: String
        var line: Int
        var column: Int
        var firstLine: Int
    }

    private enum Container {
        case object(keys: [String: Int], current: String?, expectingKey: Bool)
        case array(index: Int)
    }

    /// Scans a document that parsed; the result is meaningless for invalid JSON.
    static func scan(_ bytes: [UInt8]) -> [Duplicate] {
        var found: [Duplicate] = []
        var stack: [Container] = []
        var line = 1
        var column = 1
        var i = 0
        func pointer(_ stack: [Container], last: String? = nil) -> String {
            var p = ""
            for container in stack {
                switch container {
                case .object(_, let current, _): if let current { p += "/" + JSONSourceMap.escape(current) }
                case .array(let index): p += "/\(index)"
                }
            }
            return p + (last.map { "/" + JSONSourceMap.escape($0) } ?? "")
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let startLine = line
                let startColumn = column
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
                let text = String(decoding: bytes[(i + 1)..<min(j, bytes.count)], as: UTF8.self)
                if case .object(var keys, _, true)? = stack.last {
                    if let first = keys[text] {
                        found.append(
                            Duplicate(
                                key: text,
                                pointer: pointer(Array(stack.dropLast())) + "/" + JSONSourceMap.escape(text),
                                line: startLine,
                                column: startColumn,
                                firstLine: first
                            )
                        )
                    } else {
                        keys[text] = startLine
                    }
                    stack[stack.count - 1] = .object(keys: keys, current: text, expectingKey: false)
                }
                column += bytes[(i + 1)..<min(j, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 2
                i = j + 1
                continue
            }
            switch b {
            case UInt8(ascii: "{"): stack.append(.object(keys: [:], current: nil, expectingKey: true))
            case UInt8(ascii: "["): stack.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            case UInt8(ascii: ","):
                switch stack.last {
                case .object(let keys, let current, _)?:
                    stack[stack.count - 1] = .object(keys: keys, current: current, expectingKey: true)
                case .array(let index)?: stack[stack.count - 1] = .array(index: index + 1)
                case nil: break
                }
            default: break
            }
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                // Columns count characters: UTF-8 continuation bytes do not start one.
                column += 1
            }
            i += 1
        }
        return found
    }
}
