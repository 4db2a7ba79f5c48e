import JSONPath

extension SuiteDecoder {
    /// Decodes every test of `tests` in order (`decodeElement`), handing each element's tests (nil when it has
    /// an error) to `take` as soon as they are decoded.
    /// - Parameter offset: the scope index of the first (setup tests come before the tests, teardown tests after).
    mutating func decodeTests(
        _ tests: [SuiteNode],
        offset: Int = 0,
        take: (inout SuiteDecoder, Int, consuming [TestCase]?) -> Void
    ) {
        for index in tests.indices {
            decodeElement(tests[index], scopeIndex: offset + index) { decoder, decoded in take(&decoder, index, decoded)
            }
        }
    }

    /// Decodes one element of a test array in its own variable scope (one test per data row, or nil when it has
    /// an error), hands its tests to `take`, then checks the templates, captures and files it used while its tree
    /// is at hand.
    mutating func decodeElement(
        _ node: SuiteNode?,
        scopeIndex: Int,
        take: (inout SuiteDecoder, consuming [TestCase]?) -> Void
    ) {
        scope = .test(scopeIndex)
        let decoded = resolved(node).flatMap { decodeTest($0) }
        take(&self, decoded)
        checkUses(endingScope: scopeIndex)
        scope = .suite
    }
}
