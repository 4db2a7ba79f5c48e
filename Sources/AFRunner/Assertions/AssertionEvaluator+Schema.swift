import AFSuite
import Foundation
import JSONPath
import JSONSchema

extension AssertionEvaluator {
    /// `"schema"` in `expect`: the whole body against a JSON Schema, one result listing every violation.
    func schema(_ expectation: SchemaExpectation, context: ResponseContext, into results: inout [AssertionResult]) {
        let document: JSONValue
        switch context.jsonDocument {
        case .success(let parsed): document = parsed.root
        case .failure(let error):
            results.append(
                AssertionResult(
                    kind: "schema",
                    target: expectation.name,
                    predicate: "schema",
                    expected: expectation.name,
                    actual: nil,
                    passed: false,
                    message: "schema \(expectation.name): the body is not JSON (\(error.description))"
                )
            )
            return
        }
        results.append(Self.schemaResult(expectation, document, path: nil))
    }

    /// `{"path": …, "schema": …}`: every selected node against the schema, locations prefixed with the node's path.
    func schema(
        _ expectation: SchemaExpectation,
        nodes: [JSONPathNode],
        path: String,
        into results: inout [AssertionResult]
    ) {
        guard !nodes.isEmpty else {
            results.append(
                AssertionResult(
                    kind: "schema",
                    target: path,
                    predicate: "schema",
                    expected: expectation.name,
                    actual: nil,
                    passed: false,
                    message: "\(path): selects nothing to check against \(expectation.name)"
                )
            )
            return
        }
        for node in nodes { results.append(Self.schemaResult(expectation, node.value, path: node.path)) }
    }

    /// One result for one instance: passed, or failed with each violation on its own line.
    static func schemaResult(_ expectation: SchemaExpectation, _ instance: JSONValue, path: String?) -> AssertionResult
    {
        let result = expectation.schema.validate(instance)
        let target = path ?? expectation.name
        guard !result.isValid else {
            return AssertionResult(
                kind: "schema",
                target: target,
                predicate: "schema",
                expected: expectation.name,
                actual: "valid",
                passed: true,
                message: "\(path.map { $0 + ": " } ?? "")matches \(expectation.name)"
            )
        }
        var lines = result.violations.map(\.description)
        if result.truncated { lines.append("(more violations not shown)") }
        let count = result.violations.count
        return AssertionResult(
            kind: "schema",
            target: target,
            predicate: "schema",
            expected: expectation.name,
            actual: "\(count)\(result.truncated ? "+" : "") violation\(count == 1 ? "" : "s")",
            passed: false,
            message: "\(path.map { $0 + ": " } ?? "")does not match \(expectation.name):\n  "
                + lines.joined(separator: "\n  ")
        )
    }
}
