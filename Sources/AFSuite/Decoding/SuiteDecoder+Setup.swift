extension SuiteDecoder {
    /// `setup` or `teardown`: an array of tests, decoded as tests are. Their scope indices put setup before the
    /// tests and teardown after them, so the variable check sees captures flow setup → tests → teardown.
    /// - Parameter names: the first line of every test name decoded so far (results and the history key a setup
    ///   or teardown test by its name too: one name, one test).
    mutating func decodePhase(
        _ node: SuiteNode?,
        key: String,
        offset: Int,
        names: inout [String: Int]
    ) -> [TestCase] {
        guard let node else { return [] }
        guard case .array = node.value else {
            report(.wrongType(key: key, expected: "an array of tests", found: node.typeDescription), at: node)
            return []
        }
        let elements = node.elements
        var out: [TestCase] = []
        decodeTests(elements, offset: offset) { decoder, index, decoded in
            for test in decoded ?? [] {
                decoder.checkUniqueName(of: test, element: elements[index], names: &names)
                out.append(test)
            }
        }
        return out
    }

    /// Reports `test` when an earlier test has its name; else notes the name's first line.
    mutating func checkUniqueName(of test: TestCase, element: SuiteNode, names: inout [String: Int]) {
        if let first = names[test.name] {
            report(
                .duplicateTestName(name: test.name, firstLine: first),
                at: (test.row == nil ? element.member("name") : element.member("each")) ?? element
            )
        } else {
            names[test.name] = test.location.line
        }
    }
}
