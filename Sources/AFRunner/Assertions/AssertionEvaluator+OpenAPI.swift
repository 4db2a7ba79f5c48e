import AFSession
import AFSuite
import Foundation

extension AssertionEvaluator {
    /// `"openapi"`: the response against its operation's documentation, one result per check made
    /// (status, content type, each documented header present, body).
    func openAPI(
        _ expectation: OpenAPIExpectation,
        _ response: HTTPResponse,
        body: Data,
        into results: inout [AssertionResult]
    ) {
        guard
            let operation = expectation.operation
                ?? expectation.index?.operation(method: expectation.method, path: response.url.path)
        else {
            results.append(
                AssertionResult(
                    kind: "openapi",
                    target: "operation",
                    predicate: "operation",
                    expected: expectation.spec,
                    actual: nil,
                    passed: false,
                    message:
                        "openapi: \(expectation.spec) documents no \(expectation.method.uppercased()) matching \(response.url.path)"
                )
            )
            return
        }
        let findings = operation.check(
            status: response.statusCode,
            header: { name in
                let values = response.headers.values(for: name)
                return values.isEmpty ? nil : values.joined(separator: ", ")
            },
            body: body
        )
        for finding in findings {
            results.append(
                AssertionResult(
                    kind: "openapi",
                    target: finding.target ?? finding.check,
                    predicate: finding.check,
                    expected: operation.name,
                    actual: nil,
                    passed: finding.passed,
                    message: "openapi \(operation.name): \(finding.message)"
                )
            )
        }
    }
}
