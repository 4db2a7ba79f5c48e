import AFSession
import Foundation
import AFSuite

extension AssertionEvaluator {
    /// `"openapi"`: the response against its operation's documentation, one result per check made
    /// (status, content type, each documented header present, body).
    func openAPI(_ expectation: OpenAPIExpectation, _ response: HTTPResponse, body: Data, into results: inout [AssertionResult]) {
        let findings = expectation.operation.check(
            status: response.statusCode, header: { name in
                let values = response.headers.values(for: name)
                return values.isEmpty ? nil : values.joined(separator: ", ")
            }, body: body)
        for finding in findings {
            results.append(
                AssertionResult(
                    kind: "openapi", target: finding.target ?? finding.check, predicate: finding.check,
                    expected: expectation.operation.name, actual: nil, passed: finding.passed,
                    message: "openapi \(expectation.operation.name): \(finding.message)"))
        }
    }
}
