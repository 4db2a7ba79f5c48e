import JSONPath

extension SuiteDecoder {
    /// Decodes every test of `tests` in order, each in its own variable scope: one element gives one test
    /// per data row, or nil when it has an error.
    /// - Parameter offset: the scope index of the first (setup tests come before the tests, teardown tests after).
    mutating func decodeTests(_ tests: [SuiteNode], offset: Int = 0) -> [[TestCase]?] {
        var out: [[TestCase]?] = []
        out.reserveCapacity(tests.count)
        decodeTests(tests, offset: offset) { _, _, decoded in out.append(decoded) }
        return out
    }

    /// Decodes every test of `tests` in order, as `decodeTests(_:offset:)` does, handing each element's
    /// tests (nil when it has an error) to `take` as soon as they are decoded instead of collecting them.
    mutating func decodeTests(
        _ tests: [SuiteNode],
        offset: Int = 0,
        take: (inout SuiteDecoder, Int, consuming [TestCase]?) -> Void
    ) {
        for index in tests.indices {
            scope = .test(offset + index)
            let decoded = resolved(tests[index]).flatMap { decodeTest($0) }
            take(&self, index, decoded)
            checkUses(endingScope: offset + index)
        }
        scope = .suite
    }
}
