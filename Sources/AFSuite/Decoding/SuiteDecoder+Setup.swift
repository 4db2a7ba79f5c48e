extension SuiteDecoder {
    /// `setup` and `teardown`: arrays of tests, decoded as tests are. Their scope indices put setup before the
    /// tests and teardown after them, so the variable check sees captures flow setup → tests → teardown.
    mutating func decodeSetupAndTeardown(_ root: SuiteNode, into suite: inout Suite) {
        var names: [String: Int] = [:]
        for test in suite.tests where names[test.name] == nil { names[test.name] = test.location.line }
        let testsCount = root.member("tests")?.elements.count ?? 0
        suite.setup = decodePhase(root.member("setup"), key: "setup", offset: 0, names: &names)
        suite.teardown = decodePhase(
            root.member("teardown"),
            key: "teardown",
            offset: setupCount + testsCount,
            names: &names
        )
    }

    private mutating func decodePhase(
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
        let decoded = decodeTests(elements, offset: offset)
        var out: [TestCase] = []
        for (element, tests) in zip(elements, decoded) {
            for test in tests ?? [] {
                // Results and the history key a setup or teardown test by its name too: one name, one test.
                if let first = names[test.name] {
                    report(
                        .duplicateTestName(name: test.name, firstLine: first),
                        at: (test.row == nil ? element.member("name") : element.member("each")) ?? element
                    )
                } else {
                    names[test.name] = test.location.line
                }
                out.append(test)
            }
        }
        return out
    }
}
