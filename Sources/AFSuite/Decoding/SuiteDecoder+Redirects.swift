import JSONPath

extension SuiteDecoder {
    /// `expect.redirects`: `{"count": …, "chain": [{"status": …, "location": …}, …]}`.
    mutating func decodeRedirects(_ node: SuiteNode) -> RedirectExpectation? {
        guard let o = object(node, allowed: ["count", "chain"], context: "`redirects`") else { return nil }
        var expectation = RedirectExpectation()
        if let count = o.member("count") { expectation.count = decodeCount(count, key: "count") }
        if let chain = o.member("chain") {
            guard case .array = chain.value else {
                report(
                    .wrongType(
                        key: "chain",
                        expected: "an array of {\"status\": …, \"location\": …}",
                        found: chain.typeDescription
                    ),
                    at: chain
                )
                return nil
            }
            var hops: [RedirectExpectation.Hop] = []
            for element in chain.elements {
                let context = "a `redirects.chain` hop"
                guard let hop = object(element, allowed: ["status", "location"], context: context) else { continue }
                var decoded = RedirectExpectation.Hop()
                if let status = hop.member("status") { decoded.status = plainOrPredicates(status, context: "`status`") }
                if let location = hop.member("location") {
                    decoded.location = plainOrPredicates(location, context: "`location`")
                }
                hops.append(decoded)
            }
            expectation.chain = hops
        }
        if o.members.isEmpty { report(.emptyPredicate(context: "`redirects`"), at: node) }
        return expectation
    }

    /// Predicates, or a plain string, number or boolean meaning `equals` (recorded as a template).
    mutating func plainOrPredicates(_ node: SuiteNode, context: String) -> PredicateSet? {
        switch node.value {
        case .string, .number, .bool:
            recordTemplates(in: node)
            return PredicateSet([.equals(node.value)])
        default: return decodePredicates(node, context: context)
        }
    }
}
