extension JSONSourceIndex {
    // Nodes are numbered in document order (the root is 0), so a decoder can walk the document by
    // number and ask for a place or a pointer only when it reports a problem: no pointer text is built
    // for the values that have none.

    /// The number of nodes (0 for an index that recorded nothing).
    public var nodeCount: Int { valueOffsets.count }

    /// How many children (array elements or object members as written, repeats included) `node` has.
    /// - Parameter node: a node number.
    /// - Returns: the count; 0 for a scalar.
    public func childCount(of node: Int) -> Int {
        childStart[node] >= 0 ? Int(childCount[node]) : 0
    }

    /// The child of `node` at `position` in document order.
    /// - Parameters:
    ///   - node: an array or object node.
    ///   - position: 0-based, below `childCount(of:)`.
    /// - Returns: the child's node number.
    public func child(of node: Int, at position: Int) -> Int {
        Int(children[Int(childStart[node]) + position])
    }

    /// The member of object `node` named `name`: the last one written, whose value the parser kept.
    /// - Parameters:
    ///   - node: an object node.
    ///   - name: the member name (unescaped).
    /// - Returns: the member's node number, or nil.
    public func member(of node: Int, named name: String) -> Int? {
        guard childStart[node] >= 0 else { return nil }
        var name = name
        return name.withUTF8 { utf8 in
            lastMemberPosition(named: utf8, first: Int(childStart[node]), count: Int(childCount[node]))
        }.map { Int(children[$0]) }
    }

    /// Where `node`'s value starts.
    /// - Parameter node: a node number.
    /// - Returns: the location.
    public func location(ofNode node: Int) -> JSONSourceLocation {
        location(atOffset: Int(valueOffsets[node]))
    }

    /// Where `node`'s member name starts (its value's place for array elements and the root).
    /// - Parameter node: a node number.
    /// - Returns: the location.
    public func keyLocation(ofNode node: Int) -> JSONSourceLocation {
        let key = Int(keyOffsets[node])
        return location(atOffset: key >= 0 ? key : Int(valueOffsets[node]))
    }

    /// The RFC 6901 pointer of `node` (`""` for the root), as `parseWithLocations` would key it.
    /// - Parameter node: a node number.
    /// - Returns: the pointer.
    public func pointer(ofNode node: Int) -> String {
        var pointer = ""
        appendPointer(of: node, to: &pointer)
        return pointer
    }

    /// Appends the pointer of `node`: its container's first, then its own token.
    private func appendPointer(of node: Int, to pointer: inout String) {
        guard node >= 0, node < parents.count else { return }
        let parent = Int(parents[node])
        guard parent >= 0 else { return }
        appendPointer(of: parent, to: &pointer)
        pointer += "/"
        if bytes[Int(valueOffsets[parent])] == UInt8(ascii: "[") {
            pointer += String(position(of: node, in: parent))
            return
        }
        // A name written without escapes, `~` or `/` is its own token, straight from the document's bytes.
        let quote = Int(keyOffsets[node])
        var end = quote + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
            bytes[end] != UInt8(ascii: "~"), bytes[end] != UInt8(ascii: "/")
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            pointer += String(decoding: bytes[(quote + 1)..<end], as: UTF8.self)
        } else {
            let name = decodedKey(at: quote).map { String(decoding: $0, as: UTF8.self) } ?? ""
            pointer += JSONSourceMap.escape(name)
        }
    }

    /// The position of `node` among `parent`'s children: a binary search, since children are numbered
    /// in document order.
    private func position(of node: Int, in parent: Int) -> Int {
        let first = Int(childStart[parent])
        var low = 0
        var high = Int(childCount[parent]) - 1
        while low < high {
            let mid = (low + high) / 2
            if Int(children[first + mid]) < node { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
