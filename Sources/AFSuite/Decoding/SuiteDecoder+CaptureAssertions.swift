import JSONPath

extension SuiteDecoder {
    /// `expect.captures`: an object of capture names to predicates (a plain string, number or boolean means
    /// `equals`), each name checked like a placeholder of the test's `expect` (its own captures count).
    mutating func decodeCaptureAssertions(_ node: SuiteNode) -> [CaptureAssertion] {
        guard case .object = node.value else {
            report(
                .wrongType(
                    key: "captures",
                    expected: "an object of capture names to predicates",
                    found: node.typeDescription
                ),
                at: node
            )
            return []
        }
        var out: [CaptureAssertion] = []
        for (name, child) in node.members {
            let location = place(child, key: true)
            captureUses.append(CaptureUse(name: name, node: child, scope: scope))
            switch child.value {
            case .string, .number, .bool:
                recordTemplates(in: child)
                out.append(
                    CaptureAssertion(name: name, predicates: PredicateSet([.equals(child.value)]), location: location)
                )
                continue
            default: break
            }
            guard let set = decodePredicates(child, context: "capture `\(name)`", extraKeys: ["filters"]) else {
                continue
            }
            var assertion = CaptureAssertion(name: name, predicates: set, location: location)
            if let filtersNode = child.member("filters") {
                guard let filters = decodeFilters(filtersNode) else { continue }
                assertion.filters = filters
            }
            out.append(assertion)
        }
        return out
    }
}
