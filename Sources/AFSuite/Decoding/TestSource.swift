import JSONPath
import Locking

/// Where a loaded suite's tests come from: the parsed file, and the decoder that checked them, to decode a test
/// again when it is asked for. Holds the file's bytes, its line tables, one offset and one outline per test.
final class TestSource: Sendable {
    let document: JSONSplitDocument
    /// The decoder after the suite was decoded (`prepareForRedecoding`), copied for each test decoded.
    private let decoder: SuiteDecoder
    let outlines: [TestOutline]
    /// The position of each element's first test, when some element gives other than one test (`each`); nil
    /// when test `i` is element `i`.
    private let firstTests: [Int32]?
    /// The last element decoded and its tests: the rows of a test with `each` are read one after the other.
    private let lastElement = LockedValue<(element: Int, tests: [TestCase])?>(nil)

    init(document: JSONSplitDocument, decoder: SuiteDecoder, outlines: [TestOutline], firstTests: [Int32]?) {
        self.document = document
        self.decoder = decoder
        self.outlines = outlines
        self.firstTests = firstTests
    }

    var count: Int { outlines.count }

    /// Test `position`, decoded from the file (the same test the suite's check decoded: the bytes, fragments and
    /// schemas it read are all held).
    func test(at position: Int) -> TestCase {
        let (element, row) = locate(position)
        let tests: [TestCase]
        if firstTests == nil {
            tests = decode(element)
        } else if let last = lastElement.withLock({ last in last?.element == element ? last?.tests : nil }) {
            tests = last
        } else {
            tests = decode(element)
            lastElement.withLock { $0 = (element, tests) }
        }
        guard tests.indices.contains(row) else {
            // Not reached: decoding is a function of what is held. A test that stands for it says why.
            let outline = outlines[position]
            return TestCase(
                name: outline.name,
                location: SourceLocation(file: decoder.displayPath, line: outline.line, column: 1, pointer: ""),
                request: RequestSpec(method: "GET", url: ""),
                skip: "this test could not be decoded again from its suite file"
            )
        }
        return tests[row]
    }

    private func decode(_ element: Int) -> [TestCase] {
        var decoder = decoder
        decoder.scope = .test(decoder.setupCount + element)
        return decoder.resolved(decoder.testNode(document, element)).flatMap { decoder.decodeTest($0) } ?? []
    }

    /// The element of test `position`, and its row.
    private func locate(_ position: Int) -> (element: Int, row: Int) {
        guard let firstTests else { return (position, 0) }
        // The last element whose first test is at or before `position` (one without tests shares its start with
        // the next, so the search passes it).
        var low = 0
        var high = firstTests.count
        while low < high {
            let mid = (low + high) / 2
            if Int(firstTests[mid]) <= position { low = mid + 1 } else { high = mid }
        }
        let element = low - 1
        return (element, position - Int(firstTests[element]))
    }
}
