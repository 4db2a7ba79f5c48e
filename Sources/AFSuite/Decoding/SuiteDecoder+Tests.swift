import JSONPath

extension SuiteDecoder {
    /// Decodes every test of `tests` in order, each in its own variable scope: one element gives one test
    /// per data row, or nil when it has an error.
    /// - Parameter offset: the scope index of the first (setup tests come before the tests, teardown tests after).
    mutating func decodeTests(_ tests: [SuiteNode], offset: Int = 0) -> [[TestCase]?] {
        var out: [[TestCase]?] = []
        out.reserveCapacity(tests.count)
        for index in tests.indices {
            scope = .test(offset + index)
            out.append(resolved(tests[index]).flatMap { decodeTest($0) })
        }
        scope = .suite
        return out
    }
}
