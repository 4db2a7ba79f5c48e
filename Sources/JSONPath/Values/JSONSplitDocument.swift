/// A document validated whole but built in pieces: the tree of everything except the elements of one array
/// member of the root object, and each of those elements on its own, when asked for, with its own source index.
///
/// A suite file of 100,000 tests is then held as its bytes, its line tables and one offset per test, instead of
/// a tree and an index entry for every value of every test; each test's tree lives only while it is decoded.
/// Places and pointers are the same as the whole document's: an element's index counts offsets, lines and
/// columns in the whole document (its pointers start at the element, below the member's own).
public struct JSONSplitDocument: Sendable {
    /// The root, with the split member (when present and an array) holding no elements.
    public let root: JSONValue
    /// The root's source index (the elements' values are not in it); its line tables are shared by every
    /// element's index.
    public let index: JSONSourceIndex
    /// Where each element of the split member starts, in document order.
    let elementOffsets: [UInt32]

    /// How many elements the split member has (0 when the root has no such array member).
    public var elementCount: Int { elementOffsets.count }

    /// Parses and validates the whole document (as ``JSONValue/parseWithSourceIndex(_:)-([UInt8])``, with its
    /// errors), then builds the tree of all but the elements of the root's array member `key`.
    /// - Parameters:
    ///   - bytes: the document (UTF-8); shared with the indexes, not copied.
    ///   - key: the root object's member whose array elements are built one by one; when the root is not an
    ///     object, has no such member, or its value is not an array, the whole tree is built.
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing bytes: [UInt8], splittingArrayMember key: String) throws(JSONParseError) {
        // One pass over the whole document; the split array's elements are checked and located but leave no
        // entries on the tape (each is parsed again on its own by `element(at:)`).
        let outcome = bytes.withUnsafeBufferPointer {
            buffer -> Result<(JSONValue, JSONSourceIndex, [UInt32]), JSONParseError> in
            var parser = JSONParser(bytes: buffer)
            parser.splitKey = Array(key.utf8)
            let tape: JSONTapeBuffer
            do throws(JSONParseError) { tape = try parser.parseDocument() } catch { return .failure(error) }
            let offsets = parser.splitOffsets
            let (value, index) = JSONTreeBuilder.indexedTree(of: tape, in: buffer, document: bytes)
            return .success((value, index, offsets))
        }
        (root, index, elementOffsets) = try outcome.get()
    }

    /// Element `position` of the split member: its tree, and an index whose offsets, lines and columns are the
    /// whole document's, and whose pointers start at the element (`""` is the element itself).
    /// - Parameter position: 0-based, below ``elementCount``.
    /// - Returns: the value and its index (`hasDuplicateKeys` tells whether the element repeats a member name).
    /// - Throws: ``JSONParseError`` only if the bytes changed since they were validated (they are shared
    ///   values, so they cannot): the element is parsed again on its own.
    public func element(at position: Int) throws(JSONParseError) -> (value: JSONValue, index: JSONSourceIndex) {
        let bytes = index.bytes
        let start = Int(elementOffsets[position])
        let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<(JSONValue, JSONSourceIndex), JSONParseError> in
            // The parser reads the whole buffer from the element's first byte, so the tape's offsets are the
            // document's and the element's index needs no translation.
            var parser = JSONParser(bytes: buffer)
            parser.index = start
            do throws(JSONParseError) { try parser.parseValue() } catch { return .failure(error) }
            return .success(
                JSONTreeBuilder.indexedTree(of: parser.takeTape(), in: buffer, document: bytes, lines: index)
            )
        }
        return try outcome.get()
    }
}
