import JSONPath

extension SuiteDecoder {
    /// `expect.cookies`: cookie names to `{"exists": …, "value": …, "path": …}` (each field predicates or a
    /// plain value meaning `equals`), or a plain value meaning the cookie's value `equals` it.
    mutating func decodeCookieAssertions(_ node: SuiteNode) -> [CookieAssertion] {
        guard case .object = node.value else {
            report(
                .wrongType(
                    key: "cookies",
                    expected: "an object of cookie names to assertions",
                    found: node.typeDescription
                ),
                at: node
            )
            return []
        }
        let fieldNames = CookieAssertion.Field.allCases.map(\.rawValue)
        var out: [CookieAssertion] = []
        for (name, child) in node.members {
            let written = place(child, key: true)
            switch child.value {
            case .string, .number, .bool:
                recordTemplates(in: child)
                let value = CookieAssertion.FieldAssertion(
                    field: .value,
                    predicates: PredicateSet([.equals(child.value)])
                )
                out.append(CookieAssertion(name: name, fields: [value], location: written))
                continue
            default: break
            }
            let context = "cookie `\(name)`"
            guard let o = object(child, allowed: ["exists"] + fieldNames, context: context) else { continue }
            var assertion = CookieAssertion(name: name, location: written)
            if let existsNode = o.member("exists") { assertion.exists = bool(existsNode) }
            for (key, fieldNode) in o.members {
                guard let field = CookieAssertion.Field(rawValue: key) else { continue }
                switch fieldNode.value {
                case .string, .number, .bool:
                    recordTemplates(in: fieldNode)
                    assertion.fields.append(
                        CookieAssertion.FieldAssertion(
                            field: field,
                            predicates: PredicateSet([.equals(fieldNode.value)])
                        )
                    )
                default:
                    let fieldContext = "cookie `\(name)`'s `\(key)`"
                    guard let set = decodePredicates(fieldNode, context: fieldContext, extraKeys: ["filters"]) else {
                        continue
                    }
                    var fieldAssertion = CookieAssertion.FieldAssertion(field: field, predicates: set)
                    if let filtersNode = fieldNode.member("filters") {
                        guard let filters = decodeFilters(filtersNode, start: Self.filterStart(of: field)) else {
                            continue
                        }
                        fieldAssertion.filters = filters
                    }
                    assertion.fields.append(fieldAssertion)
                }
            }
            if assertion.exists == false, !assertion.fields.isEmpty,
                let first = o.members.first(where: { $0.key != "exists" })
            {
                var d = SuiteDiagnostic(
                    location: location(first.node, key: true),
                    reason: .conflictingKeys(["exists", first.key])
                )
                d.fix =
                    "a cookie that must not be set has no \(first.key): remove `\(first.key)` or `\"exists\": false`"
                diagnostics.append(.invalid(d))
                continue
            }
            if assertion.exists == nil, assertion.fields.isEmpty, o.members.isEmpty {
                report(.emptyPredicate(context: context), at: child)
                continue
            }
            out.append(assertion)
        }
        return out
    }

    /// What a cookie field is before any filter.
    static func filterStart(of field: CookieAssertion.Field) -> FilterKind {
        switch field {
        case .secure, .httpOnly: .any
        case .maxAge: .number
        default: .string
        }
    }
}
