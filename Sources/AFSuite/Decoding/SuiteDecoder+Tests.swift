import JSONPath

extension SuiteDecoder {
    /// Decodes every test of `tests` in order, each in its own variable scope: one element gives one test
    /// per data row, or nil when it has an error.
    mutating func decodeTests(_ tests: [SuiteNode]) -> [[TestCase]?] {
        var out: [[TestCase]?] = []
        out.reserveCapacity(tests.count)
        for index in tests.indices {
            scope = .test(index)
            out.append(decodeTest(tests[index]))
        }
        scope = .suite
        return out
    }
}
