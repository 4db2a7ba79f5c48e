/// The tape as the evaluator walks it: nodes are tape indices, member names the indices of their
/// name entries. Children are reached by skipping subtrees (each container entry knows where its
/// subtree ends), so no per-node table is built.
extension JSONDocument: JSONPathTree {
    var rootNode: Int { 0 }

    func kind(of node: Int) -> JSONTapeKind { tape[node].kind }

    func elementCount(of node: Int) -> Int { tape[node].kind == .array ? Int(tape[node].count) : 0 }

    func element(of node: Int, at position: Int) -> Int {
        var child = node + 1
        for _ in 0..<position { child = tape[child].next(after: child) }
        return child
    }

    func forEachElement(of node: Int, _ body: (Int, Int) -> Void) {
        guard tape[node].kind == .array else { return }
        let end = Int(tape[node].length)
        var child = node + 1
        var position = 0
        while child < end {
            body(position, child)
            position += 1
            child = tape[child].next(after: child)
        }
    }

    func member(of node: Int, named name: String) -> Int? {
        guard tape[node].kind == .object else { return nil }
        let end = Int(tape[node].length)
        var found: Int?
        var name = name
        name.withUTF8 { utf8 in
            withBuffers { bytes, entries in
                let asciiName = !utf8.contains { $0 >= 0x80 }
                var key = node + 1
                while key < end {
                    let value = key + 1
                    // The last member of that name: the one whose value the document keeps.
                    if keyMatches(entries[key], at: key, utf8, asciiName: asciiName, in: bytes) { found = value }
                    key = entries[value].next(after: value)
                }
            }
        }
        return found
    }

    func forEachMember(of node: Int, _ body: (Int, Int) -> Void) {
        guard tape[node].kind == .object else { return }
        if let members = uniqueMembers(of: node) {
            for member in members { body(member.key, member.value) }
            return
        }
        let end = Int(tape[node].length)
        var key = node + 1
        while key < end {
            let value = key + 1
            body(key, value)
            key = tape[value].next(after: value)
        }
    }

    func memberCount(of node: Int) -> Int {
        guard tape[node].kind == .object else { return 0 }
        return uniqueMembers(of: node)?.count ?? Int(tape[node].count)
    }

    func text(of name: Int) -> String { string(at: name) }

    func value(of node: Int) -> JSONValue { value(at: node) }

    func string(of node: Int) -> String? { tape[node].kind == .string ? string(at: node) : nil }

    // MARK: Member names

    /// Whether the name entry at `key` is `name` (UTF-8). Plain ASCII on both sides compares bytes;
    /// anything else compares decoded strings, the way `JSONObject` compares names.
    private func keyMatches(
        _ entry: JSONTapeEntry,
        at key: Int,
        _ name: UnsafeBufferPointer<UInt8>,
        asciiName: Bool,
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if entry.flags == 0 && asciiName {
            guard Int(entry.length) == name.count else { return false }
            let start = Int(entry.offset) + 1
            return bytes[start..<start + name.count].elementsEqual(name)
        }
        return string(at: key) == String(decoding: name, as: UTF8.self)
    }

    /// Whether two name entries name the same member.
    private func keysEqual(_ a: Int, _ b: Int) -> Bool {
        let x = tape[a]
        let y = tape[b]
        if x.flags == 0 && y.flags == 0 {
            guard x.length == y.length else { return false }
            let xs = Int(x.offset) + 1
            let ys = Int(y.offset) + 1
            let length = Int(x.length)
            return withBuffers { bytes, _ in bytes[xs..<xs + length].elementsEqual(bytes[ys..<ys + length]) }
        }
        return string(at: a) == string(at: b)
    }

    /// The members of an object that names a member twice, one per name (first position, last
    /// value); nil for the usual object whose names are all different.
    private func uniqueMembers(of node: Int) -> [(key: Int, value: Int)]? {
        let count = Int(tape[node].count)
        guard count > 1 else { return nil }
        let end = Int(tape[node].length)
        if count <= 16 {
            // Pairwise over the names, without allocating: most objects are small and have no repeat.
            var repeats = false
            var key = node + 1
            outer: while key < end {
                var earlier = node + 1
                while earlier < key {
                    if keysEqual(earlier, key) {
                        repeats = true
                        break outer
                    }
                    earlier = tape[earlier + 1].next(after: earlier + 1)
                }
                key = tape[key + 1].next(after: key + 1)
            }
            if !repeats { return nil }
        }
        var members: [(key: Int, value: Int)] = []
        members.reserveCapacity(count)
        var positions: [String: Int] = [:]
        var key = node + 1
        while key < end {
            let value = key + 1
            if let position = positions[string(at: key)] {
                members[position].value = value
            } else {
                positions[string(at: key)] = members.count
                members.append((key, value))
            }
            key = tape[value].next(after: value)
        }
        return members.count == count ? nil : members
    }
}
