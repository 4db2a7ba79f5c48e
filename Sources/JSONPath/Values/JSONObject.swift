/// An object's members in document order, with lookup by name.
///
/// A dictionary from key to position is kept beside the ordered members of a large object so
/// lookups stay O(1) on objects with many thousands of members; a small object (most of them:
/// a suite has several per test) is searched in order instead, which costs less than hashing.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The members in order.
    public private(set) var members: [(key: String, value: JSONValue)]
    /// Position of each key in `members`, once the object has more than `linearLimit` members.
    private var positions: [String: Int]?
    /// Up to this many members, lookups scan `members`.
    private static let linearLimit = 12

    /// Creates an object from members in order; a later duplicate key replaces an earlier one
    /// (keeping the earlier position).
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        // The usual case, every name once (the parser builds one object per suite node and per
        // response body), keeps the given array instead of copying it member by member.
        if members.count <= Self.linearLimit {
            if !Self.repeatsKey(members) {
                self.members = members
                return
            }
        } else {
            var positions = [String: Int](minimumCapacity: members.count)
            var unique = true
            for (index, member) in members.enumerated() where positions.updateValue(index, forKey: member.key) != nil {
                unique = false
                break
            }
            if unique {
                self.members = members
                self.positions = positions
                return
            }
        }
        self.members = []
        self.members.reserveCapacity(members.count)
        if members.count > Self.linearLimit { positions = Dictionary(minimumCapacity: members.count) }
        for member in members { self[member.key] = member.value }
    }

    /// Whether a name appears twice among a few members (compared pairwise: no hashing).
    private static func repeatsKey(_ members: [(key: String, value: JSONValue)]) -> Bool {
        guard members.count > 1 else { return false }
        for i in 1..<members.count where members[..<i].contains(where: { $0.key == members[i].key }) { return true }
        return false
    }

    /// The position of `key` in `members`, or nil.
    /// - Parameter key: the member name.
    /// - Returns: its index in `members`.
    public func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        // Lengths first: most names compared in a scan differ, and a differing length settles that
        // without the out-of-line string comparison.
        let length = key.utf8.count
        return members.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }

    /// The value for `key`, or nil; setting nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let index = position(of: key) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                    if positions != nil {
                        positions?[key] = nil
                        // Removal shifts later members: renumber them.
                        for later in index..<members.count { positions?[members[later].key] = later }
                    }
                }
            } else if let newValue {
                members.append((key, newValue))
                if positions != nil {
                    positions?[key] = members.count - 1
                } else if members.count > Self.linearLimit {
                    positions = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.key, $0) })
                }
            }
        }
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }
    /// The number of members.
    public var count: Int { members.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }
    /// Whether a member named `key` exists.
    public func contains(key: String) -> Bool { position(of: key) != nil }

    /// Iterates members in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { members.makeIterator() }

    /// Objects are equal when they have the same members, in any order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.count == b.count && a.members.allSatisfy { b[$0.key] == $0.value }
    }

    /// Hashes independently of member order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for key in keys.sorted() { hasher.combine(key) }
    }
}
