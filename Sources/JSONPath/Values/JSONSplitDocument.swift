import Dispatch
import Foundation

/// A document whose top-level object holds one long array (a suite's `tests`), parsed in parts at once:
/// the document with that array left empty, and the array's elements in groups, each on its own thread.
///
/// Every part keeps its own ``JSONSourceIndex`` over the same bytes, so each element's places and
/// pointers are what ``JSONValue/parseWithSourceIndex(_:)`` gives. Errors are not reported from the
/// parts: when any part fails, ``parse(parts:)`` returns nil and the caller parses the whole document
/// to report its first error exactly as usual.
public struct JSONSplitDocument: Sendable {
    /// The document's bytes, shared by every part's index.
    let bytes: [UInt8]
    /// The array member's name and where its value (`[` to `]`) is.
    let arrayName: String
    let arrayRange: Range<Int>
    /// Where each element's value is.
    let elementRanges: [Range<Int>]

    /// How many elements the array has.
    public var elementCount: Int { elementRanges.count }

    /// Finds the array member `name` of the document's top-level object.
    /// - Parameters:
    ///   - data: the document (UTF-8).
    ///   - name: the member's name, written without escapes in the document.
    /// - Returns: nil when the top-level value is not an object with one such array member (parse the
    ///   document whole then).
    public init?(_ data: Data, arrayMember name: String) {
        // Copied at once (an element-by-element copy of `Data` cost more than the scan).
        let bytes = data.withUnsafeBytes { [UInt8]($0.bindMemory(to: UInt8.self)) }
        let found = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONSplitScanner(bytes: buffer)
            return scanner.arrayMember(named: Array(name.utf8))
        }
        guard let found else { return nil }
        self.bytes = bytes
        arrayName = name
        arrayRange = found.array
        elementRanges = found.elements
    }

    /// What a split parse produced.
    public struct Parsed: Sendable {
        /// The top-level value, with the array member empty.
        public var root: JSONValue
        /// The index of `root` (the array member's node has no children).
        public var index: JSONSourceIndex
        /// Every element in order, with its node number in its part's index.
        public var elements: [(value: JSONValue, node: Int, part: Int)]
        /// The parts' indexes; an element's places and pointer come from `parts[element.part]`.
        public var parts: [JSONSourceIndex]
        /// Whether some object, in any part, names a member twice.
        public var hasDuplicateKeys: Bool
    }

    /// Parses the document: the top level on the calling thread, then the elements in `parts` groups at once.
    /// - Parameter parts: how many groups (threads) the elements are parsed in.
    /// - Returns: the values and indexes, or nil when the document has an error anywhere.
    public func parse(parts: Int) -> Parsed? {
        let rootResult = bytes.withUnsafeBufferPointer { buffer -> (JSONValue, JSONSourceIndex, Bool)? in
            var parser = JSONParser(bytes: buffer, sharing: bytes)
            parser.skippedArray = arrayRange
            guard let value = try? parser.parseDocument() else { return nil }
            return (value, parser.sourceIndex, parser.sawDuplicateKey)
        }
        // A repeated name at the top level may be the array's own, written with an escape the scan does not
        // decode: the whole-document parse decides which value counts.
        guard let (root, unfinished, rootRepeats) = rootResult, !rootRepeats else { return nil }
        let count = max(1, min(parts, elementRanges.count))
        let size = (elementRanges.count + count - 1) / count
        let work = PartResults(count: count, root: unfinished)
        defer { work.slots.deallocate() }
        // One more iteration than parts: the document's line table is built beside the parts' parsing.
        DispatchQueue.concurrentPerform(iterations: count + 1) { part in
            guard part < count else {
                work.root.finish()
                return
            }
            let range = (part * size)..<min(elementRanges.count, (part + 1) * size)
            (work.slots.baseAddress! + part).initialize(to: parsePart(range))
        }
        let index = work.root
        var results: [PartResult?] = []
        for part in 0..<count {
            var result = (work.slots.baseAddress! + part).move()
            result?.index.shareLines(of: index)
            results.append(result)
        }
        var elements: [(value: JSONValue, node: Int, part: Int)] = []
        elements.reserveCapacity(elementRanges.count)
        var indexes: [JSONSourceIndex] = []
        var repeats = false
        for (part, result) in results.enumerated() {
            guard let result else { return nil }
            for (value, node) in zip(result.values, result.nodes) { elements.append((value, node, part)) }
            indexes.append(result.index)
            repeats = repeats || result.repeats
        }
        var rootIndex = index
        rootIndex.hasDuplicateKeys = repeats
        return Parsed(root: root, index: rootIndex, elements: elements, parts: indexes, hasDuplicateKeys: repeats)
    }

    /// One group's values, their node numbers, its index, and whether it repeats a member name.
    struct PartResult {
        var values: [JSONValue]
        var nodes: [Int]
        var index: JSONSourceIndex
        var repeats: Bool
    }

    /// Parses elements `range` (positions in the array), each on its own, into one index.
    private func parsePart(_ range: Range<Int>) -> PartResult? {
        bytes.withUnsafeBufferPointer { buffer -> PartResult? in
            var parser = JSONParser(bytes: buffer, sharing: bytes)
            var values: [JSONValue] = []
            var nodes: [Int] = []
            values.reserveCapacity(range.count)
            nodes.reserveCapacity(range.count)
            for position in range {
                let element = elementRanges[position]
                parser.index = element.lowerBound
                // As deep as in the whole document: inside the top-level object and the array.
                parser.depth = 2
                nodes.append(parser.sourceIndex.valueOffsets.count)
                guard let value = try? parser.parseValue(pointer: ""), parser.index == element.upperBound else { return nil }
                values.append(value)
            }
            parser.sourceIndex.part = ("/" + JSONSourceMap.escape(arrayName), range.lowerBound, nodes.map { Int32(truncatingIfNeeded: $0) })
            parser.sourceIndex.finishWithoutLines()
            parser.sourceIndex.hasDuplicateKeys = parser.sawDuplicateKey
            return PartResult(values: values, nodes: nodes, index: parser.sourceIndex, repeats: parser.sawDuplicateKey)
        }
    }

    /// One slot per group, each initialized by its own iteration of `concurrentPerform`, and the document's
    /// index, finished by the last iteration.
    ///
    /// `@unchecked Sendable`: iteration `i` writes only slot `i`, the last iteration only `root`, and the caller
    /// reads them after every iteration returned.
    final class PartResults: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<PartResult?>
        var root: JSONSourceIndex
        init(count: Int, root: JSONSourceIndex) {
            slots = .allocate(capacity: count)
            self.root = root
        }
    }
}
