import AFOpenAPI
import Foundation
import JSONPath

extension SuiteDecoder {
    static let openAPIKeys = ["spec", "operationId", "path", "method"]

    /// What `defaults.openapi` sets: the document, and the operation when it names one.
    struct OpenAPIDefault {
        var spec: String
        var contract: OpenAPIContract
        var expectation: OpenAPIExpectation?
        /// Every operation, found by the request, when `defaults.openapi` names no operation.
        var byRequest: OpenAPIExpectation?
    }

    /// What a test without its own `openapi` is checked against: the default operation, or, when
    /// `defaults.openapi` names none, the operation its request goes to.
    func defaultOpenAPI(method: String?) -> OpenAPIExpectation? {
        guard let fallback = openAPIDefault else { return nil }
        if let expectation = fallback.expectation { return expectation }
        guard var byRequest = fallback.byRequest else { return nil }
        byRequest.method = method ?? "GET"
        return byRequest
    }

    /// Decodes `defaults.openapi`: `spec` is required there; an operation, when given, applies to every
    /// test without its own `openapi`.
    mutating func decodeOpenAPIDefault(_ node: SuiteNode) {
        guard let object = object(node, allowed: Self.openAPIKeys, context: "`defaults.openapi`"),
            let specNode = require("spec", in: object, context: "`defaults.openapi`"), let spec = string(specNode),
            let contract = openAPIContract(spec, at: specNode)
        else { return }
        var value = OpenAPIDefault(spec: spec, contract: contract)
        if object.member("operationId") != nil || object.member("path") != nil {
            value.expectation = openAPIOperation(object, contract: contract, spec: spec)
        } else {
            do {
                var byRequest = OpenAPIExpectation(operation: nil, spec: spec, location: place(object))
                byRequest.index = try contract.operationIndex()
                value.byRequest = byRequest
            } catch {
                diagnostics.append(
                    .invalid(
                        SuiteDiagnostic(
                            location: location(object),
                            message: "\(spec): \(error)",
                            fix: "fix the schema in \(spec)"
                        )
                    )
                )
            }
        }
        openAPIDefault = value
    }

    /// Decodes `expect.openapi`; `spec` may come from `defaults.openapi`.
    mutating func decodeOpenAPI(_ node: SuiteNode) -> OpenAPIExpectation? {
        guard let object = object(node, allowed: Self.openAPIKeys, context: "`expect.openapi`") else { return nil }
        let spec: String
        let contract: OpenAPIContract
        if let specNode = object.member("spec") {
            guard let text = string(specNode), let read = openAPIContract(text, at: specNode) else { return nil }
            (spec, contract) = (text, read)
        } else if let fallback = openAPIDefault {
            (spec, contract) = (fallback.spec, fallback.contract)
        } else {
            var diagnostic = SuiteDiagnostic(
                location: location(node),
                reason: .missingKey(key: "spec", context: "`expect.openapi`")
            )
            diagnostic.fix = "add `\"spec\": \"openapi.yaml\"` here or in `defaults.openapi`"
            diagnostics.append(.invalid(diagnostic))
            return nil
        }
        return openAPIOperation(object, contract: contract, spec: spec)
    }

    /// The operation an `openapi` object names by `operationId`, or by `path` and `method`; reports an unknown one.
    private mutating func openAPIOperation(
        _ object: SuiteNode,
        contract: OpenAPIContract,
        spec: String
    ) -> OpenAPIExpectation? {
        do {
            if let idNode = object.member("operationId") {
                guard let id = string(idNode) else { return nil }
                if let operation = try contract.operation(id: id) {
                    return OpenAPIExpectation(operation: operation, spec: spec, location: place(object))
                }
                let suggestion = EditDistance.suggestion(for: id, among: contract.operationIds)
                report(
                    .unknownName(key: "operationId", value: id, allowed: contract.operationIds, suggestion: suggestion),
                    at: idNode
                )
                return nil
            }
            guard let pathNode = require("path", in: object, context: "`openapi` (or give `operationId`)"),
                let path = string(pathNode)
            else { return nil }
            let method = object.member("method").flatMap { string($0) } ?? "GET"
            if let operation = try contract.operation(path: path, method: method) {
                return OpenAPIExpectation(operation: operation, spec: spec, location: place(object))
            }
            diagnostics.append(
                .invalid(
                    SuiteDiagnostic(
                        location: location(pathNode),
                        message: "\(spec) documents no \(method.uppercased()) \(path)",
                        fix: "documented paths: " + contract.paths.joined(separator: ", ")
                    )
                )
            )
        } catch {
            diagnostics.append(
                .invalid(
                    SuiteDiagnostic(
                        location: location(object),
                        message: "\(spec): \(error)",
                        fix: "fix the schema in \(spec)"
                    )
                )
            )
        }
        return nil
    }

    /// Reads a document once per suite, relative to the suite's folder; reports an unreadable one.
    private mutating func openAPIContract(_ spec: String, at node: SuiteNode) -> OpenAPIContract? {
        let url = Suite.resolve(spec, in: file.deletingLastPathComponent()).standardizedFileURL
        if let known = openAPIContracts[url.path] { return known }
        var contract: OpenAPIContract?
        if let problem = SuiteFileFinder.notRegularFileProblem(url.path) {
            reportNotRegular(spec, problem: problem, what: "OpenAPI document", at: node)
        } else if let data = FileManager.default.contents(atPath: url.path) {
            do {
                contract = try OpenAPIContract(data: data, name: spec)
            } catch {
                // A YAML syntax error is shown where libyaml stopped; other problems at the document's start.
                var place = (line: 1, column: 1)
                if case .invalidYAML(let line, let column, _) = error { place = (line, column) }
                diagnostics.append(
                    .invalid(
                        SuiteDiagnostic(
                            location: SourceLocation(
                                file: Self.displayPath(of: url, relativeTo: displayPath, given: spec),
                                line: place.line,
                                column: place.column,
                                pointer: ""
                            ),
                            message: error.description,
                            fix: error.fix
                        )
                    )
                )
            }
        } else {
            report(.missingFile(path: spec, resolved: url.path), at: node)
        }
        openAPIContracts[url.path] = .some(contract)
        return contract
    }
}
