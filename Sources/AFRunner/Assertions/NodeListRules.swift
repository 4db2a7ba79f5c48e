import AFSuite
import JSONPath

/// How a predicate applies to the nodes a JSONPath or XPath expression selected.
///
/// - `exists`: the node list is non-empty (or empty, for `exists: false`).
/// - `count`: for a singular query, the size of its node's value (array elements, object members,
///   string characters; `$.books` count 3); for any other query, the number of nodes.
/// - `equals` / `notEquals`: a singular query compares its one node; any other query compares
///   the node list as an array (`$.tags[*]` equals `["a", "b"]`).
/// - `contains`: a singular query tests its node (substring or element); any other query tests
///   whether the node list holds the value.
/// - `all`, `any`, `nth`: a singular query tests its node's value (an array's elements); any other
///   query tests the node list.
/// - `not`: the predicates inside, under these same rules, do not all hold.
/// - every other predicate (`matches`, `type`, `lt`…, `oneOf`): on the one node of a singular
///   query; for other queries it must hold for every node, and an empty list fails.
public enum NodeListRules {
    /// Whether `predicate` holds and the actual value to report.
    /// - Parameters:
    ///   - nodes: the selected values, in order.
    ///   - singular: whether the expression selects at most one node by construction.
    ///   - sizeOfSingular: whether `count` on a singular query measures its node (JSONPath) rather
    ///     than counting nodes (XPath, where `count` always counts nodes).
    ///   - regexLimit: how long one `matches` evaluation may take.
    /// - Returns: whether it passed, the actual value, and whether a regex evaluation was stopped at its limit.
    public static func evaluate(
        _ predicate: AFSuite.Predicate,
        nodes: [JSONValue],
        singular: Bool,
        sizeOfSingular: Bool = true,
        regexLimit: Duration = BoundedRegex.defaultLimit
    ) -> (passed: Bool, actual: JSONValue?, regexStopped: Bool) {
        let list = JSONValue.array(nodes)
        let single: JSONValue? = singular ? nodes.first : (nodes.count == 1 ? nodes[0] : list)
        switch predicate {
        case .exists(let expected):
            return (nodes.isEmpty != expected, nodes.isEmpty ? nil : (singular ? nodes.first : list), false)
        case .count(let set):
            if singular && sizeOfSingular {
                let size = nodes.first.flatMap(PredicateEvaluator.count(of:)).map { JSONValue.number(JSONNumber($0)) }
                return (
                    size.map { n in set.predicates.allSatisfy { PredicateEvaluator.holds($0, for: n) } } ?? false, size,
                    false
                )
            }
            let n = JSONValue.number(JSONNumber(nodes.count))
            return (set.predicates.allSatisfy { PredicateEvaluator.holds($0, for: n) }, n, false)
        case .all, .any, .nth:
            let subject: JSONValue? = singular ? nodes.first : list
            let verdict = PredicateEvaluator.verdict(predicate, for: subject, regexLimit: regexLimit)
            return (verdict == .holds, subject, verdict == .regexStopped)
        case .not(let set):
            var allHold = true
            var stopped = false
            for inner in set.predicates {
                let outcome = evaluate(
                    inner,
                    nodes: nodes,
                    singular: singular,
                    sizeOfSingular: sizeOfSingular,
                    regexLimit: regexLimit
                )
                allHold = allHold && outcome.passed
                stopped = stopped || outcome.regexStopped
            }
            return (!allHold && !stopped, singular ? nodes.first : list, stopped)
        case .equals, .notEquals:
            let actual: JSONValue? = singular ? nodes.first : list
            return (PredicateEvaluator.holds(predicate, for: actual), actual, false)
        case .contains(let needle):
            if singular { return (PredicateEvaluator.holds(predicate, for: nodes.first), nodes.first, false) }
            return (nodes.contains { PredicateEvaluator.looselyEqual($0, needle) }, list, false)
        default:
            let checked = singular ? Array(nodes.prefix(1)) : nodes
            var verdict = checked.isEmpty ? PredicateEvaluator.verdict(predicate, for: nil) : .holds
            for node in checked where verdict == .holds {
                verdict = PredicateEvaluator.verdict(predicate, for: node, regexLimit: regexLimit)
            }
            return (
                verdict == .holds, singular ? nodes.first : (nodes.isEmpty ? nil : single), verdict == .regexStopped
            )
        }
    }
}
