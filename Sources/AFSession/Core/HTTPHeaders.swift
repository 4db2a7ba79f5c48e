/// An ordered list of HTTP header fields with case-insensitive name lookup.
///
/// Order is kept as given (or as received); names keep their original spelling.
/// Setting a value replaces every field of that name; `add` appends another field.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Hashable, Codable {
        /// The field name as written.
        public var name: String
        /// The field value.
        public var value: String
        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates an empty header list.
    public init() { fields = [] }

    /// Creates an empty header list with room for `capacity` fields.
    init(capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    /// Creates a header list from fields, keeping their order.
    public init(_ fields: [Field]) { self.fields = fields }

    /// Creates a header list from `name: value` literal pairs, keeping their order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the first field with this name (case-insensitive), or nil; setting replaces
    /// every field with that name, and setting nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            if let newValue {
                if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) {
                    fields[index].value = newValue
                    fields.removeAll(after: index) { $0.name.caseInsensitiveEquals(name) }
                } else {
                    fields.append(Field(name: name, value: newValue))
                }
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value of fields with this name, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Appends a field, keeping any existing field with the same name.
    public mutating func add(name: String, value: String) { fields.append(Field(name: name, value: value)) }

    /// Removes every field with this name.
    public mutating func remove(name: String) { fields.removeAll { $0.name.caseInsensitiveEquals(name) } }

    /// Whether a field with this name is present.
    public func contains(name: String) -> Bool { fields.contains { $0.name.caseInsensitiveEquals(name) } }

    /// Returns these headers with every field of `other` set over them (replacing same-named fields).
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var result = self
        for name in other.uniqueNames { result[name] = nil }
        result.fields.append(contentsOf: other.fields)
        return result
    }

    /// The distinct names, in first-seen order.
    public var uniqueNames: [String] {
        var seen = Set<String>()
        return fields.compactMap { seen.insert($0.name.lowercased()).inserted ? $0.name : nil }
    }

    /// The number of fields.
    public var count: Int { fields.count }
    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The fields as `Name: value` lines.
    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }
}

extension String {
    /// ASCII case-insensitive comparison, as HTTP field names are compared.
    @inlinable
    func caseInsensitiveEquals(_ other: String) -> Bool {
        guard self.utf8.count == other.utf8.count else { return false }
        // Over contiguous bytes: header lookups run for every response (some on the loop thread).
        var a = self
        var b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for i in 0..<x.count where x[i] != y[i] {
                    let lower = x[i] | 0x20
                    guard lower == y[i] | 0x20, lower >= 0x61, lower <= 0x7A else { return false }
                }
                return true
            }
        }
    }
}

extension Array {
    fileprivate mutating func removeAll(after index: Int, where predicate: (Element) -> Bool) {
        guard index + 1 < count else { return }
        let tail = self[(index + 1)...].filter { !predicate($0) }
        removeSubrange((index + 1)...)
        append(contentsOf: tail)
    }
}
