import JSONPath

extension SuiteDecoder {
    static let predicateKeys = [
        "equals", "notEquals", "exists", "matches", "contains", "count", "type", "lt", "lte", "gt", "gte", "oneOf",
        "not", "startsWith", "endsWith", "format", "closeTo", "within", "nth", "all", "any",
    ]
    /// Keys that change how their siblings apply rather than being predicates of their own.
    static let predicateModifiers = ["within", "nth"]
    static let predicateKeysAndPath = predicateKeys + ["path"]

    /// Decodes a predicate object (`{"lt": 500, "gt": 0}`); `extraKeys` are the sibling keys the
    /// caller handles (`path`). Reports and returns nil when it holds no predicate.
    mutating func decodePredicates(_ node: SuiteNode, context: String, extraKeys: [String] = []) -> PredicateSet? {
        let allowed =
            extraKeys.isEmpty
            ? Self.predicateKeys : extraKeys == ["path"] ? Self.predicateKeysAndPath : Self.predicateKeys + extraKeys
        guard let node = object(node, allowed: allowed, context: context), case .object(let object) = node.value else {
            return nil
        }
        var predicates: [Predicate] = []
        var sawPredicate = false
        // Child nodes (and their pointers) only for the predicate keys.
        for position in object.members.indices where Self.predicateKeys.contains(object.members[position].key) {
            let key = object.members[position].key
            guard !Self.predicateModifiers.contains(key) else { continue }
            sawPredicate = true
            let child = node.member(at: position, of: object)
            if key == "closeTo" {
                if let p = decodeCloseTo(child, within: node.member("within")) { predicates.append(p) }
            } else if let p = decodePredicate(key, child) {
                predicates.append(p)
            }
        }
        if let within = node.member("within"), node.member("closeTo") == nil {
            var d = SuiteDiagnostic(
                location: location(within, key: true),
                reason: .unknownKey(key: "within", suggestion: nil, context: context)
            )
            d.fix = "`within` is the tolerance of `closeTo`: write {\"closeTo\": 0.3, \"within\": 1e-9}"
            diagnostics.append(.invalid(d))
        }
        if let nthNode = node.member("nth") {
            // `{"nth": 1, "equals": "b"}`: the sibling predicates apply to that element.
            guard sawPredicate else {
                var d = SuiteDiagnostic(
                    location: location(nthNode, key: true),
                    reason: .emptyPredicate(context: context)
                )
                d.fix = "`nth` picks a list element for the predicates beside it: {\"nth\": 0, \"equals\": …}"
                diagnostics.append(.invalid(d))
                return nil
            }
            guard let index = integer(nthNode, in: -Int(Int32.max)...Int(Int32.max)) else { return nil }
            return PredicateSet([.nth(index, PredicateSet(predicates))])
        }
        if !sawPredicate {
            // A misspelt predicate (`equal`) is reported once, as the unknown key with its did-you-mean.
            if !object.members.contains(where: { !allowed.contains($0.key) }) {
                report(.emptyPredicate(context: context), at: node)
            }
            return nil
        }
        return PredicateSet(predicates)
    }

    private mutating func decodePredicate(_ key: String, _ child: SuiteNode) -> Predicate? {
        // Operands are rendered at run time (`"equals": "{{userId}}"`): their templates are checked here, as a
        // request's are. Regexes, types and `exists` are taken as written; `count` recurses.
        if !["matches", "type", "exists", "count", "format", "not", "all", "any"].contains(key) {
            recordTemplates(in: child)
        }
        switch key {
        case "not", "all", "any":
            guard let set = decodePredicates(child, context: "`\(key)`") else { return nil }
            return key == "not" ? .not(set) : key == "all" ? .all(set) : .any(set)
        case "startsWith", "endsWith":
            guard let text = string(child) else { return nil }
            return key == "startsWith" ? .startsWith(text) : .endsWith(text)
        case "format":
            return name(child, allowed: StringFormat.allCases.map(\.rawValue)).flatMap(StringFormat.init(rawValue:))
                .map { Predicate.format($0) }
        case "equals": return .equals(child.value)
        case "notEquals": return .notEquals(child.value)
        case "contains": return .contains(child.value)
        case "exists": return bool(child).map { Predicate.exists($0) }
        case "matches": return regex(child).map { Predicate.matches($0) }
        case "count": return decodeCount(child, key: "count").map { Predicate.count($0) }
        case "type":
            return name(child, allowed: JSONType.allCases.map(\.rawValue)).flatMap(JSONType.init(rawValue:)).map {
                Predicate.type($0)
            }
        case "oneOf":
            guard case .array(let values) = child.value else {
                report(
                    .wrongType(key: "oneOf", expected: "an array of values", found: child.typeDescription),
                    at: child
                )
                return nil
            }
            return .oneOf(values)
        default:
            // lt, lte, gt, gte compare numbers, or strings by code point.
            switch child.value {
            case .number, .string: break
            default:
                report(.wrongType(key: key, expected: "a number or a string", found: child.typeDescription), at: child)
                return nil
            }
            switch key {
            case "lt": return .lessThan(child.value)
            case "lte": return .lessThanOrEqual(child.value)
            case "gt": return .greaterThan(child.value)
            default: return .greaterThanOrEqual(child.value)
            }
        }
    }

    /// `{"closeTo": 0.3, "within": 1e-9}`: both numbers, the tolerance not negative.
    private mutating func decodeCloseTo(_ node: SuiteNode, within: SuiteNode?) -> Predicate? {
        guard case .number(let target) = node.value else {
            report(.wrongType(key: "closeTo", expected: "a number", found: node.typeDescription), at: node)
            return nil
        }
        guard let within else {
            var d = SuiteDiagnostic(
                location: location(node, key: true),
                reason: .missingKey(key: "within", context: "`closeTo`")
            )
            d.fix = "give the tolerance beside it: {\"closeTo\": \(target.literal), \"within\": 1e-9}"
            diagnostics.append(.invalid(d))
            return nil
        }
        guard case .number(let tolerance) = within.value, tolerance.doubleValue >= 0, tolerance.doubleValue.isFinite
        else {
            report(
                .wrongType(key: "within", expected: "a number of 0 or more", found: within.typeDescription),
                at: within
            )
            return nil
        }
        return .closeTo(target, within: tolerance)
    }

    /// `count` and `bytes`: an integer (meaning equals) or a predicate object on a number.
    mutating func decodeCount(_ node: SuiteNode, key: String) -> PredicateSet? {
        switch node.value {
        case .number: return integer(node).map { PredicateSet([.equals(.number(JSONNumber($0)))]) }
        case .object: return decodePredicates(node, context: "`\(key)`")
        default:
            report(
                .wrongType(
                    key: key,
                    expected: "an integer or a predicate object like {\"gte\": 1}",
                    found: node.typeDescription
                ),
                at: node
            )
            return nil
        }
    }
}
