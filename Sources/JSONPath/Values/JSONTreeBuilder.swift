/// Builds `JSONValue`s from a parsed tape: the whole document for `JSONValue(parsing:)` and the suite
/// loader, or one selected node of a ``JSONDocument``. Optionally fills a ``JSONSourceIndex`` or a
/// ``JSONSourceMap`` on the way, from the offsets the tape keeps.
///
/// It reads buffers owned by the caller's `withUnsafeBufferPointer` scope and must not escape it.
struct JSONTreeBuilder {
    let bytes: UnsafeBufferPointer<UInt8>
    let tape: UnsafeBufferPointer<JSONTapeEntry>
    /// Set when an object names a member twice (the object keeps the first position, the last value).
    var sawDuplicateKey = false
    /// Filled when given (node numbers in document order, as `JSONSourceIndex` documents).
    var sourceIndex: JSONSourceIndex?
    /// Filled when given, keyed by JSON pointer.
    var sourceMap: JSONSourceMap?
    // The line and column at `cursorOffset`, advanced as offsets grow (document order).
    private var cursorOffset = 0
    private var line = 1
    private var column = 1

    init(bytes: UnsafeBufferPointer<UInt8>, tape: UnsafeBufferPointer<JSONTapeEntry>) {
        self.bytes = bytes
        self.tape = tape
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { cursorOffset = 3 }
    }

    /// The tree of `tape`'s first value with a source index over `document` (`buffer` is its bytes; the tape's
    /// offsets are the document's). The index gets its own line tables, or shares those of `lines` (an index of
    /// the same document) for one value of a larger document.
    static func indexedTree(
        of tape: JSONTapeBuffer,
        in buffer: UnsafeBufferPointer<UInt8>,
        document: [UInt8],
        lines: JSONSourceIndex? = nil
    ) -> (JSONValue, JSONSourceIndex) {
        tape.withUnsafeBufferPointer { entries in
            var builder = JSONTreeBuilder(bytes: buffer, tape: entries)
            builder.sourceIndex = JSONSourceIndex(
                bytes: document,
                expectedNodes: JSONSourceIndex.nodeCount(of: entries)
            )
            let value = builder.value(at: 0)
            var index = builder.sourceIndex!
            index.hasDuplicateKeys = builder.sawDuplicateKey
            if let lines {
                index.finishWithoutLines()
                index.shareLines(of: lines)
            } else {
                index.finish()
            }
            return (value, index)
        }
    }

    /// The value whose entry is at `index`.
    mutating func value(at index: Int) -> JSONValue {
        var next = 0
        return value(at: index, keyOffset: -1, pointer: "", next: &next)
    }

    private mutating func value(at index: Int, keyOffset: Int, pointer: String, next: inout Int) -> JSONValue {
        let entry = tape[index]
        var node = -1
        if sourceIndex != nil {
            node = sourceIndex!.addNode(valueOffset: Int(entry.offset), keyOffset: keyOffset)
        }
        if sourceMap != nil { sourceMap!.valueLocations[pointer] = location(at: Int(entry.offset)) }
        switch entry.kind {
        case .null:
            next = index + 1
            return .null
        case .false:
            next = index + 1
            return .bool(false)
        case .true:
            next = index + 1
            return .bool(true)
        case .number:
            next = index + 1
            return .number(number(entry))
        case .string:
            next = index + 1
            return .string(string(entry))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(entry.count))
            var childNodes: [Int32] = []
            if sourceIndex != nil { childNodes.reserveCapacity(Int(entry.count)) }
            var child = index + 1
            while child < Int(entry.length) {
                if sourceIndex != nil { childNodes.append(Int32(truncatingIfNeeded: sourceIndex!.valueOffsets.count)) }
                let childPointer = sourceMap != nil ? pointer + "/" + String(elements.count) : ""
                elements.append(value(at: child, keyOffset: -1, pointer: childPointer, next: &child))
            }
            if sourceIndex != nil { sourceIndex!.setChildren(of: node, childNodes) }
            next = Int(entry.length)
            return .array(elements)
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(Int(entry.count))
            var childNodes: [Int32] = []
            if sourceIndex != nil { childNodes.reserveCapacity(Int(entry.count)) }
            var child = index + 1
            while child < Int(entry.length) {
                let keyEntry = tape[child]
                let key = string(keyEntry)
                if sourceIndex != nil { childNodes.append(Int32(truncatingIfNeeded: sourceIndex!.valueOffsets.count)) }
                var childPointer = ""
                if sourceMap != nil {
                    childPointer = pointer + "/" + JSONSourceMap.escape(key)
                    sourceMap!.keyLocations[childPointer] = location(at: Int(keyEntry.offset))
                }
                let member = value(at: child + 1, keyOffset: Int(keyEntry.offset), pointer: childPointer, next: &child)
                members.append((key, member))
            }
            if sourceIndex != nil { sourceIndex!.setChildren(of: node, childNodes) }
            next = Int(entry.length)
            let object = JSONObject(members)
            // The object keeps one member per name: fewer members than written means a repeat.
            if object.count != members.count { sawDuplicateKey = true }
            return .object(object)
        }
    }

    /// A string entry's text.
    func string(_ entry: JSONTapeEntry) -> String {
        if entry.flags & JSONTapeEntry.escaped == 0 {
            let start = Int(entry.offset) + 1
            return String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(entry.length))]),
                as: UTF8.self
            )
        }
        return JSONParser.decodeString(bytes, at: Int(entry.offset))
    }

    /// A number entry's value, from its literal.
    func number(_ entry: JSONTapeEntry) -> JSONNumber {
        let start = Int(entry.offset)
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(entry.length))]),
            as: UTF8.self
        )
        return JSONNumber(validatedLiteral: text)
    }

    /// The line and column of `offset`, moving the cursor forward (raw newlines are only in whitespace).
    private mutating func location(at offset: Int) -> JSONSourceLocation {
        while cursorOffset < offset {
            let byte = bytes[cursorOffset]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            cursorOffset += 1
        }
        return JSONSourceLocation(offset: offset, line: line, column: column)
    }
}
