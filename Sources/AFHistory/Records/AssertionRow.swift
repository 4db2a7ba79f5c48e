import AFRunner
import GRDB

/// An `assertions` row: one assertion of a result whose detail is kept.
struct AssertionRow: PersistableRecord {
    static let databaseTableName = "assertions"

    let resultID: Int64
    let position: Int
    let assertion: AssertionResult

    func encode(to container: inout PersistenceContainer) {
        container["result_id"] = resultID
        container["position"] = position
        container["kind"] = assertion.kind
        container["target"] = assertion.target
        container["predicate"] = assertion.predicate
        container["expected"] = assertion.expected
        container["actual"] = assertion.actual
        container["passed"] = assertion.passed
        container["message"] = assertion.message
    }
}
