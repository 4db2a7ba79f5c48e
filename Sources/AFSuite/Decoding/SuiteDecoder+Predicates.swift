import JSONPath

extension SuiteDecoder {
    static let predicateKeys = [
        "equals", "notEquals", "exists", "matches", "contains", "count", "type", "lt", "lte", "gt", "gte", "oneOf",
    ]
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
            sawPredicate = true
            let key = object.members[position].key
            let child = node.member(at: position, of: object)
            if let p = decodePredicate(key, child) { predicates.append(p) }
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
        if key != "matches", key != "type", key != "exists", key != "count" { recordTemplates(in: child) }
        switch key {
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
