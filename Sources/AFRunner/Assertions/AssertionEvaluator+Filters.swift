import AFSuite
import Foundation
import JSONPath

extension AssertionEvaluator {
    /// The node list after an assertion's `filters`: the filters see one value (the node of a singular
    /// path, or the list of nodes), and the predicates then see what they give as a single node. Without
    /// filters the nodes are returned as they are.
    static func filtered(
        _ nodes: [JSONValue],
        singular: Bool,
        filters: [ValueFilter],
        now: Date,
        regexLimit: Duration
    ) -> Result<(nodes: [JSONValue], singular: Bool), FilterPipeline.Failure> {
        guard !filters.isEmpty else { return .success((nodes, singular)) }
        let subject: JSONValue? = singular ? nodes.first : .array(nodes)
        return FilterPipeline.apply(filters, to: subject, now: now, regexLimit: regexLimit).map {
            value -> (nodes: [JSONValue], singular: Bool) in
            (nodes: value.map { [$0] } ?? [], singular: true)
        }
    }

    /// One failed result per predicate when a filter could not apply: `target: filter 2 (toInt) got …`.
    static func filterFailed(
        kind: String,
        target: String?,
        _ predicates: PredicateSet,
        _ failure: FilterPipeline.Failure
    ) -> [AssertionResult] {
        failedEach(kind: kind, target: target, predicates, actual: failure.got, message: "\(failure)")
    }
}
