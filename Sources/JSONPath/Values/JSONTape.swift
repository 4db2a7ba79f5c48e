/// The kind of a tape entry.
enum JSONTapeKind: UInt8, Sendable {
    case null
    case `false`
    case `true`
    case number
    case string
    case array
    case object
}

/// One entry of a parsed document's tape (``JSONDocument``): a value or a member name, in document
/// order, pointing into the document's bytes instead of holding a copy.
///
/// An object's entry is followed by its members, each a name (a `.string` entry) and then the value's
/// entries; an array's by its elements' entries. 16 bytes each, in one array, as simdjson and yyjson
/// lay out their documents: nothing is allocated per value while parsing.
struct JSONTapeEntry: Sendable {
    /// Strings: the text holds a backslash escape (decoding must unescape it).
    static let escaped: UInt8 = 1
    /// Strings: the text holds bytes above 0x7F.
    static let nonASCII: UInt8 = 2

    var kind: JSONTapeKind
    /// `escaped` and `nonASCII` for strings.
    var flags: UInt8 = 0
    /// Byte offset of the value's first byte (a string's opening quote).
    var offset: UInt32
    /// Numbers: the literal's length; strings: the length of the text between the quotes, as written;
    /// arrays and objects: the tape index just after their last descendant.
    var length: UInt32 = 0
    /// Arrays: elements; objects: members as written (a repeated name counts each time).
    var count: UInt32 = 0

    /// The tape index after this entry's subtree, given its own index.
    @inline(__always)
    func next(after index: Int) -> Int {
        kind == .array || kind == .object ? Int(length) : index + 1
    }
}
