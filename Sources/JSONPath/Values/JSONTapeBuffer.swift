/// The entries of a parsed document's tape, in one allocation that this object owns. `JSONParser`
/// fills it and hands it over once the document is parsed; nothing writes to it after that.
///
/// Not an `Array`: the parser appends an entry for every value and member name, and each append to
/// an array checks that its storage is uniquely referenced (a call into the runtime), about a
/// quarter of the parse on API responses. The parser keeps the count and grows the buffer itself.
final class JSONTapeBuffer: @unchecked Sendable {
    // `@unchecked Sendable`: written only by the parser that made it, before any document holds it;
    // read-only from then on.

    /// The entries' storage: `count` initialized entries, room for `capacity`.
    let entries: UnsafeMutablePointer<JSONTapeEntry>
    /// How many entries the storage has room for.
    let capacity: Int
    /// How many entries are written (set by the parser).
    private(set) var count = 0

    /// An empty buffer with room for `capacity` entries.
    init(capacity: Int) {
        entries = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        entries.deinitialize(count: count)
        entries.deallocate()
    }

    /// The entry at `index`.
    subscript(index: Int) -> JSONTapeEntry {
        precondition(index >= 0 && index < count, "tape index out of range")
        return entries[index]
    }

    /// Calls `body` with the entries.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<JSONTapeEntry>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(UnsafeBufferPointer(start: entries, count: count)) }
    }

    // MARK: Filled by the parser

    /// Records that the first `count` entries are initialized (the parser writes them through
    /// `entries`).
    func setCount(_ count: Int) {
        precondition(count <= capacity)
        self.count = count
    }

    /// A buffer with room for `capacity` entries holding this one's first `count` entries (moved out).
    func moved(count: Int, capacity: Int) -> JSONTapeBuffer {
        precondition(count <= self.capacity && count <= capacity)
        let bigger = JSONTapeBuffer(capacity: capacity)
        bigger.entries.moveInitialize(from: entries, count: count)
        bigger.count = count
        self.count = 0
        return bigger
    }
}
