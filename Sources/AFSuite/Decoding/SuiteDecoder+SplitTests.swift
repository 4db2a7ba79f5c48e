import JSONPath

extension SuiteDecoder {
    /// Decodes and checks the suite's `tests`, one element at a time, each parsed on its own from `document` and
    /// let go once checked: the suite keeps an outline of each test and decodes it again when it is run, so a
    /// suite of 100,000 tests never holds every test's tree or model at once.
    mutating func decodeTests(
        of document: JSONSplitDocument,
        suiteTags: [String],
        names: inout [String: Int]
    ) -> TestList {
        var outlines: [TestOutline] = []
        outlines.reserveCapacity(document.elementCount)
        var firstTests: [Int32] = []
        var oneTestEach = true
        for element in 0..<document.elementCount {
            let node = testNode(document, element)
            firstTests.append(Int32(truncatingIfNeeded: outlines.count))
            decodeElement(node, scopeIndex: setupCount + element) { decoder, decoded in
                guard let node else { return }
                if let decoded {
                    if decoded.count != 1 { oneTestEach = false }
                    for test in decoded {
                        decoder.checkUniqueName(of: test, element: node, names: &names)
                        outlines.append(TestOutline(test, suiteTags: suiteTags))
                    }
                } else if node.member("each") == nil, let nameNode = node.member("name"),
                    case .string(let name) = nameNode.value
                {
                    // A test with another error still has its name: a duplicate of it is a second mistake,
                    // reported in the same pass (a test with `each` gets its names from rows it may lack).
                    if let first = names[name] {
                        decoder.report(.duplicateTestName(name: name, firstLine: first), at: nameNode)
                    } else {
                        names[name] = decoder.location(node).line
                    }
                }
            }
        }
        var decoder = self
        decoder.prepareForRedecoding()
        return TestList(
            source: TestSource(
                document: document,
                decoder: decoder,
                outlines: outlines,
                firstTests: oneTestEach ? nil : firstTests
            )
        )
    }

    /// The node of `document`'s test `element`, parsed on its own; nil (after noting why) when it cannot be.
    mutating func testNode(_ document: JSONSplitDocument, _ element: Int) -> SuiteNode? {
        let parsed: (value: JSONValue, index: JSONSourceIndex)
        do {
            parsed = try document.element(at: element)
        } catch {
            let place = SourceLocation(file: displayPath, line: error.line, column: error.column, pointer: "/tests")
            report(.syntax(message: error.message, kind: error.kind), at: place)
            return nil
        }
        if parsed.index.hasDuplicateKeys { testsRepeatKeys = true }
        return SuiteNode(
            root: parsed.value,
            tree: SuiteTree(
                index: parsed.index,
                file: file,
                displayPath: displayPath,
                pointerPrefix: "/tests/\(element)"
            )
        )
    }

    /// The decoder a `TestSource` copies to decode a test again: what the suite's decoding learned (defaults,
    /// fragments, schemas, contracts), without the problems and uses it collected.
    private mutating func prepareForRedecoding() {
        diagnostics = []
        templates = []
        captureUses = []
        files = []
        captureNames = [:]
        rowNames = [:]
        unresolved = []
        // Queries are compiled again when the cache would grow with the suite (a generated suite of distinct
        // paths); a few repeated paths stay compiled.
        if compiledQueries.count > 256 { compiledQueries = [:] }
    }
}
