import Foundation

/// Where each value of a parsed document starts, kept as byte offsets and resolved to a line and
/// column only when asked (a diagnostic).
///
/// ``JSONSourceMap`` builds a JSON-pointer string and two dictionary entries for every node while
/// parsing; this index appends three integers per node instead and walks the pointer when a
/// location is wanted, so a document that produces no diagnostic pays almost nothing for it.
/// Answers are the same as ``JSONSourceMap``'s: for a member written twice, the last one.
public struct JSONSourceIndex: Sendable {
    /// The document's bytes (member names are compared against them; columns counted in them).
    let bytes: [UInt8]
    /// Per node, in document order (node 0 is the root): where its value starts.
    var valueOffsets: [Int32] = []
    /// Per node: where its member name's opening quote is, or -1 (array elements, the root).
    var keyOffsets: [Int32] = []
    /// Per node: the start of its children in `children`, or -1 for scalars.
    var childStart: [Int32] = []
    /// Per node: how many children it has.
    var childCount: [Int32] = []
    /// The children of every container, each container's block contiguous and in document order.
    var children: [Int32] = []
    /// The byte offset where each line starts (line 1 at index 0).
    var lineStarts: [Int32] = []
    /// UTF-8 continuation bytes before every multiple of `checkpointStride`, so a column on a very
    /// long line (a generated suite is often one line) is found without counting the whole line.
    var continuationCheckpoints: [Int32] = []
    static let checkpointStride = 64
    /// Per node: its container's node number, or -1 for the root (filled by `finish()`).
    var parents: [Int32] = []
    /// Whether some object of the document names a member twice (the parser keeps the last value).
    public internal(set) var hasDuplicateKeys = false

    init(bytes: [UInt8], expectedNodes nodes: Int) {
        self.bytes = bytes
        // Sized once from the tape's values (`nodeCount(of:)`) instead of growing (and being copied) a dozen
        // times while a large document is indexed.
        valueOffsets.reserveCapacity(nodes)
        keyOffsets.reserveCapacity(nodes)
        childStart.reserveCapacity(nodes)
        childCount.reserveCapacity(nodes)
        children.reserveCapacity(nodes)
    }

    /// How many values `tape` holds: its entries less the member names (each object's `count`), so the
    /// tables are sized exactly (sized by entries, a suite's five tables were nearly twice what they hold).
    static func nodeCount(of tape: UnsafeBufferPointer<JSONTapeEntry>) -> Int {
        var names = 0
        for entry in tape where entry.kind == .object { names += Int(entry.count) }
        return tape.count - names
    }

    // MARK: Recording (the parser)

    /// Adds a node and returns its number.
    mutating func addNode(valueOffset: Int, keyOffset: Int) -> Int {
        valueOffsets.append(Int32(truncatingIfNeeded: valueOffset))
        keyOffsets.append(Int32(truncatingIfNeeded: keyOffset))
        childStart.append(-1)
        childCount.append(0)
        return valueOffsets.count - 1
    }

    /// Records a container's children (node numbers, in document order).
    mutating func setChildren(of node: Int, _ nodes: [Int32]) {
        childStart[node] = Int32(truncatingIfNeeded: children.count)
        childCount[node] = Int32(truncatingIfNeeded: nodes.count)
        children += nodes
    }

    /// Whether continuation bytes follow the last checkpoint (the tail the table does not cover).
    var hasContinuationsAfterLastCheckpoint = false

    /// Builds the parent table only; `shareLines(of:)` gives the line tables later.
    mutating func finishWithoutLines() {
        buildParents()
    }

    /// Takes the line tables of `document`'s index (over the same bytes).
    mutating func shareLines(of document: JSONSourceIndex) {
        lineStarts = document.lineStarts
        continuationCheckpoints = document.continuationCheckpoints
        hasContinuationsAfterLastCheckpoint = document.hasContinuationsAfterLastCheckpoint
    }

    private mutating func buildParents() {
        parents = [Int32](repeating: -1, count: valueOffsets.count)
        for node in childStart.indices where childStart[node] >= 0 {
            let first = Int(childStart[node])
            for position in first..<(first + Int(childCount[node])) {
                parents[Int(children[position])] = Int32(truncatingIfNeeded: node)
            }
        }
    }

    /// Builds the line and parent tables; called once after parsing.
    mutating func finish() {
        buildParents()
        var continuations: Int32 = 0
        var starts: [Int32] = [0]
        var checkpoints: [Int32] = [0]
        checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
        // Block by block over the raw bytes: a checkpoint after every full block, no division per byte.
        bytes.withUnsafeBufferPointer { buffer in
            var blockStart = 0
            while blockStart < buffer.count {
                let blockEnd = min(blockStart + Self.checkpointStride, buffer.count)
                for offset in blockStart..<blockEnd {
                    let byte = buffer[offset]
                    if byte == 0x0A {
                        starts.append(Int32(truncatingIfNeeded: offset + 1))
                    } else if byte & 0xC0 == 0x80 {
                        continuations += 1
                    }
                }
                if blockEnd - blockStart == Self.checkpointStride { checkpoints.append(continuations) }
                blockStart = blockEnd
            }
        }
        lineStarts = starts
        continuationCheckpoints = checkpoints
        hasContinuationsAfterLastCheckpoint = Int(continuations) != Int(continuationCheckpoints.last ?? 0)
    }

    /// How many UTF-8 continuation bytes lie before `offset`.
    private func continuations(before offset: Int) -> Int {
        // An ASCII document (the usual suite) has none at all.
        if continuationCheckpoints.last == 0 && !hasContinuationsAfterLastCheckpoint { return 0 }
        let checkpoint = offset / Self.checkpointStride
        var count = Int(continuationCheckpoints[checkpoint])
        for position in (checkpoint * Self.checkpointStride)..<offset where bytes[position] & 0xC0 == 0x80 {
            count += 1
        }
        return count
    }

    // MARK: Queries

    /// Where the value at `pointer` starts, or nil when no value is there.
    /// - Parameter pointer: an RFC 6901 JSON pointer (`""` is the root).
    /// - Returns: the location.
    public func location(of pointer: String) -> JSONSourceLocation? {
        node(at: pointer).map { location(atOffset: Int(valueOffsets[$0])) }
    }

    /// Where the member name of the value at `pointer` starts (the value's place for array
    /// elements and the root), or nil when no value is there.
    /// - Parameter pointer: an RFC 6901 JSON pointer.
    /// - Returns: the location.
    public func keyLocation(of pointer: String) -> JSONSourceLocation? {
        guard let node = node(at: pointer) else { return nil }
        let key = Int(keyOffsets[node])
        return location(atOffset: key >= 0 ? key : Int(valueOffsets[node]))
    }

    /// The text of line `line` (1-based) without its newline, or nil past the end.
    /// - Parameter line: the line number.
    /// - Returns: the line's text.
    public func lineText(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = Int(lineStarts[line - 1])
        let end = line < lineStarts.count ? Int(lineStarts[line]) - 1 : bytes.count
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The line and column of a byte offset; columns count characters (UTF-8 continuation bytes
    /// do not start one) and a leading byte order mark is not part of line 1.
    /// - Parameter offset: a byte offset in the document.
    /// - Returns: the location.
    public func location(atOffset offset: Int) -> JSONSourceLocation {
        // The last line that starts at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        var start = Int(lineStarts[low])
        if low == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = min(3, offset) }
        // Characters between the line start and `offset`: bytes that do not continue a character.
        let end = max(start, offset)
        let column = 1 + (end - start) - (continuations(before: end) - continuations(before: start))
        return JSONSourceLocation(offset: offset, line: low + 1, column: column)
    }

    /// The node at `pointer`, walking its reference tokens from the root (no token is copied
    /// unless it holds an RFC 6901 escape). A loop over the UTF-8 view instead of closures over
    /// `withUTF8`: a closure here captured a copy of the index (a retain and release of each of
    /// its arrays, contended between the threads that decode a suite's tests).
    func node(at pointer: String) -> Int? {
        guard !valueOffsets.isEmpty else { return nil }
        let text = pointer.utf8
        guard let slash = text.first else { return 0 }
        guard slash == UInt8(ascii: "/") else { return nil }
        var node = 0
        var tokenStart = text.index(after: text.startIndex)
        while true {
            let tokenEnd = text[tokenStart...].firstIndex(of: UInt8(ascii: "/")) ?? text.endIndex
            let token = text[tokenStart..<tokenEnd]
            guard childStart[node] >= 0 else { return nil }
            let first = Int(childStart[node])
            let count = Int(childCount[node])
            if bytes[Int(valueOffsets[node])] == UInt8(ascii: "[") {
                guard let index = Self.arrayIndex(token), index < count else { return nil }
                node = Int(children[first + index])
            } else {
                // The last member of that name: the one whose value the parser kept.
                let found =
                    token.contains(UInt8(ascii: "~"))
                    ? lastMemberPosition(named: Self.unescape(Array(token)), first: first, count: count)
                    : lastMemberPosition(named: token, first: first, count: count)
                guard let match = found else { return nil }
                node = Int(children[match])
            }
            guard tokenEnd < text.endIndex else { return node }
            tokenStart = text.index(after: tokenEnd)
        }
    }

    /// The position in `children` of the last of `count` members from `first` named `name`.
    func lastMemberPosition<Name: Collection<UInt8>>(named name: Name, first: Int, count: Int) -> Int? {
        var position = first + count - 1
        while position >= first {
            if keyMatches(Int(children[position]), name) { return position }
            position -= 1
        }
        return nil
    }

    /// A decimal array index token (no sign, no leading zero), or nil.
    static func arrayIndex<Token: Collection<UInt8>>(_ token: Token) -> Int? {
        guard let lead = token.first, token.count <= 18, token.count == 1 || lead != UInt8(ascii: "0") else {
            return nil
        }
        var value = 0
        for byte in token {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// Whether the member name of `node` is `name` (UTF-8, unescaped).
    private func keyMatches<Name: Collection<UInt8>>(_ node: Int, _ name: Name) -> Bool {
        let quote = Int(keyOffsets[node])
        guard quote >= 0 else { return false }
        // Fast path: a name written without escapes compares byte for byte.
        var i = quote + 1
        var k = name.startIndex
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\") { return decodedKey(at: quote)?.elementsEqual(name) ?? false }
            guard k < name.endIndex, bytes[i] == name[k] else { return false }
            i += 1
            k = name.index(after: k)
        }
        return k == name.endIndex
    }

    /// The member name starting at the quote `offset`, escapes decoded.
    func decodedKey(at offset: Int) -> [UInt8]? {
        // Only offsets of names the parser accepted are recorded, so the name always decodes.
        bytes.withUnsafeBufferPointer { buffer in Array(JSONParser.decodeString(buffer, at: offset).utf8) }
    }

    /// RFC 6901 §4: `~1` is `/`, `~0` is `~`.
    static func unescape(_ token: [UInt8]) -> [UInt8] {
        guard token.contains(UInt8(ascii: "~")) else { return token }
        var out: [UInt8] = []
        var i = 0
        while i < token.count {
            if token[i] == UInt8(ascii: "~"), i + 1 < token.count,
                token[i + 1] == UInt8(ascii: "1") || token[i + 1] == UInt8(ascii: "0")
            {
                out.append(token[i + 1] == UInt8(ascii: "1") ? UInt8(ascii: "/") : UInt8(ascii: "~"))
                i += 2
            } else {
                out.append(token[i])
                i += 1
            }
        }
        return out
    }
}
