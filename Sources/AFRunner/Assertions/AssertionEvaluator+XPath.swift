import AFSuite
import Foundation
import JSONPath

extension AssertionEvaluator {
    /// XPath 1.0 assertions. Bodies whose media type names `html` are parsed as HTML (repaired as
    /// browsers do), others as XML. A node set counts each node by its string value; node-list
    /// rules are those of JSON paths, with a query treated as singular when it selects exactly one
    /// node. An expression that gives a number, string or boolean (`count(//li)`,
    /// `normalize-space(//h1)`, `//li = 'two'`) is compared as that one value.
    /// `namespaces` are the prefixes the expressions may use (`xpathNamespaces`).
    func xpath(
        _ assertions: [PathAssertion],
        namespaces: [String: String] = [:],
        context: ResponseContext
    ) -> [AssertionResult] {
        context.withXPathDocument { parsed in
            switch parsed {
            case .success(let document): xpath(assertions, namespaces: namespaces, in: document, context: context)
            case .failure(let error): unparsed(assertions, problem: context.xpathProblem(error))
            }
        }
    }

    /// Every predicate of `assertions` failed: the body cannot be read as the XML or HTML they read (`problem`).
    private func unparsed(_ assertions: [PathAssertion], problem: String) -> [AssertionResult] {
        assertions.flatMap { a in
            a.predicates.predicates.map { p in
                AssertionResult(
                    kind: "xpath",
                    target: a.path,
                    predicate: p.keyword,
                    expected: Self.expectedText(p),
                    actual: nil,
                    passed: false,
                    message: "\(a.path): \(problem)"
                )
            }
        }
    }

    /// `assertions` evaluated over the parsed body.
    private func xpath(
        _ assertions: [PathAssertion],
        namespaces: [String: String],
        in document: XPathDocument,
        context: ResponseContext
    ) -> [AssertionResult] {
        assertions.flatMap { a -> [AssertionResult] in
            let value: XPathDocument.Value
            do throws(XPathDocument.Failure) { value = try document.evaluate(a.path, namespaces: namespaces) } catch {
                return [
                    AssertionResult(
                        kind: "xpath",
                        target: a.path,
                        predicate: "valid",
                        expected: "a valid XPath 1.0 expression",
                        actual: nil,
                        passed: false,
                        message: "\(a.path): invalid XPath (\(error.message))"
                    )
                ]
            }
            let values: [JSONValue]
            switch value {
            case .nodes(let strings): values = strings.map(JSONValue.string)
            case .number(let n): values = [.number(JSONNumber(n))]
            case .string(let s): values = [.string(s)]
            case .boolean(let b): values = [.bool(b)]
            }
            let nodes: [JSONValue]
            let singular: Bool
            switch Self.filtered(
                values,
                singular: values.count == 1,
                filters: a.filters,
                now: context.now,
                regexLimit: regexLimit
            ) {
            case .success(let filtered):
                nodes = filtered.nodes
                singular = filtered.singular
            case .failure(let failure): return Self.filterFailed(kind: "xpath", target: a.path, a.predicates, failure)
            }
            return a.predicates.predicates.map { p in
                let (passed, actual, stopped) = NodeListRules.evaluate(
                    p,
                    nodes: nodes,
                    singular: singular,
                    sizeOfSingular: false,
                    regexLimit: regexLimit
                )
                var result = Self.result(
                    kind: "xpath",
                    target: a.path,
                    predicate: p,
                    // A node set that selected nothing reads as "got nothing", not as an empty list.
                    actual: !passed && nodes.isEmpty && value.isNodeSet ? nil : actual,
                    passed: passed,
                    regexStopped: stopped ? regexLimit : nil
                )
                if a.filters.isEmpty, case .number(let n) = value, !n.isFinite, !passed {
                    // JSON has no NaN or infinity (its text would read `null`): say what XPath gave.
                    let shown = n.isNaN ? "NaN" : (n < 0 ? "-Infinity" : "Infinity")
                    result.actual = shown
                    result.message =
                        "\(a.path): expected \(result.expected), got \(shown)"
                        + (n.isNaN ? " (not a number: no node matched, or its text is not numeric)" : "")
                }
                return result
            }
        }
    }
}

extension XPathDocument.Value {
    /// Whether the expression selected nodes (rather than computing a number, string or boolean).
    var isNodeSet: Bool {
        if case .nodes = self { return true }
        return false
    }
}
