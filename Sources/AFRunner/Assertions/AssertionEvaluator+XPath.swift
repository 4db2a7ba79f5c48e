import AFSuite
import Foundation
import FoundationXML
import JSONPath

extension AssertionEvaluator {
    /// XPath assertions. XML bodies are parsed as XML. HTML bodies (a media type containing
    /// `html`) are parsed with `documentTidyHTML`, void elements (`<meta>`, `<br>`…) closed first,
    /// and libxml2's recovery for the rest: well-formed-ish HTML works, tag soup may not.
    /// Each selected node counts by its string value; node-list rules are those of JSON paths,
    /// with a query treated as singular when it selects exactly one node.
    func xpath(_ assertions: [PathAssertion], context: ResponseContext) -> [AssertionResult] {
        let isHTML = context.response?.mimeType?.contains("html") ?? false
        let document: XMLDocument
        LibXML.silenceCurrentThread()
        let data = isHTML ? Data(LibXML.closingVoidElements(context.text).utf8) : context.body
        do {
            document = try XMLDocument(data: data, options: isHTML ? [.documentTidyHTML] : [])
        } catch {
            return assertions.flatMap { a in
                a.predicates.predicates.map { p in
                    AssertionResult(
                        kind: "xpath", target: a.path, predicate: p.keyword, expected: Self.expectedText(p), actual: nil,
                        passed: false, message: "\(a.path): the body is not \(isHTML ? "HTML" : "XML") (\(error.localizedDescription))")
                }
            }
        }
        return assertions.flatMap { a -> [AssertionResult] in
            let nodes: [XMLNode]
            do { nodes = try document.nodes(forXPath: a.path) } catch {
                return [AssertionResult(
                    kind: "xpath", target: a.path, predicate: "valid", expected: "a valid XPath", actual: nil, passed: false,
                    message: "\(a.path): invalid XPath or no node set (\(error.localizedDescription))")]
            }
            let values = nodes.map { JSONValue.string($0.stringValue ?? "") }
            return a.predicates.predicates.map { p in
                let (passed, actual) = NodeListRules.evaluate(p, nodes: values, singular: values.count == 1, sizeOfSingular: false)
                return Self.result(kind: "xpath", target: a.path, predicate: p, actual: actual, passed: passed)
            }
        }
    }
}
