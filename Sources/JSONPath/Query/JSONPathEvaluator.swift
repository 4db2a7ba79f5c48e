import Foundation

/// Walks a compiled query over a document (RFC 9535 §2.3-2.5). One evaluator serves one
/// `evaluate` call; it caches the regular expressions that `match` and `search` compile.
final class JSONPathEvaluator {
    /// A selected node; `path` is nil when paths are not tracked (queries inside filters).
    struct Node {
        var value: JSONValue
        var path: PathLink?
    }

    let root: JSONValue
    /// Translated I-Regexp patterns by (anchored, pattern); nil for a pattern that is not I-Regexp.
    var regexCache: [String: NSRegularExpression?] = [:]
    /// The time `match` and `search` may still spend in the regex engine; nil for no limit.
    var regexBudget: Duration?
    /// The limit the evaluation started with, for the error.
    let regexLimit: Duration?
    /// The first pattern stopped at the limit; once set, every later `match` and `search` is false
    /// at once and the caller throws instead of returning nodes.
    var stoppedPattern: String?

    /// - Parameters:
    ///   - root: the document.
    ///   - regexLimit: the time all the `match` and `search` calls of the evaluation may take together.
    init(root: JSONValue, regexLimit: Duration? = nil) {
        self.root = root
        self.regexLimit = regexLimit
        regexBudget = regexLimit
    }

    /// What `select` found from the root, or the pattern that stopped it.
    func selectFromRoot(_ query: QueryAST, trackPaths: Bool) throws(JSONPathRegexStopped) -> [Node] {
        let nodes = select(query, current: root, trackPaths: trackPaths)
        if let stoppedPattern, let regexLimit {
            throw JSONPathRegexStopped(pattern: stoppedPattern, limit: regexLimit)
        }
        return nodes
    }

    /// Evaluates a query. The root node's path is `$`; `trackPaths` is off inside filters.
    func select(_ query: QueryAST, current: JSONValue, trackPaths: Bool, rootPath: PathLink? = nil) -> [Node] {
        var nodes = [Node(value: query.isAbsolute ? root : current, path: rootPath)]
        for segment in query.segments {
            var next: [Node] = []
            for node in nodes {
                if segment.isDescendant {
                    descend(node, selectors: segment.selectors, trackPaths: trackPaths, into: &next)
                } else {
                    for selector in segment.selectors {
                        apply(selector, to: node, trackPaths: trackPaths, into: &next)
                    }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    /// The descendant segment: the node and then its descendants, arrays in order, each node
    /// before its descendants; the selectors apply to each visited node.
    private func descend(_ node: Node, selectors: [Selector], trackPaths: Bool, into output: inout [Node]) {
        for selector in selectors {
            apply(selector, to: node, trackPaths: trackPaths, into: &output)
        }
        switch node.value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let path = trackPaths ? PathLink(parent: node.path, element: .index(index)) : nil
                descend(Node(value: element, path: path), selectors: selectors, trackPaths: trackPaths, into: &output)
            }
        case .object(let object):
            for member in object {
                let path = trackPaths ? PathLink(parent: node.path, element: .name(member.key)) : nil
                descend(
                    Node(value: member.value, path: path),
                    selectors: selectors,
                    trackPaths: trackPaths,
                    into: &output
                )
            }
        default:
            break
        }
    }

    private func apply(_ selector: Selector, to node: Node, trackPaths: Bool, into output: inout [Node]) {
        func child(_ value: JSONValue, _ element: PathElement) -> Node {
            Node(value: value, path: trackPaths ? PathLink(parent: node.path, element: element) : nil)
        }
        switch (selector, node.value) {
        case (.name(let name), .object(let object)):
            if let value = object[name] { output.append(child(value, .name(name))) }
        case (.wildcard, .object(let object)):
            for member in object { output.append(child(member.value, .name(member.key))) }
        case (.wildcard, .array(let elements)):
            for (index, element) in elements.enumerated() { output.append(child(element, .index(index))) }
        case (.index(let index), .array(let elements)):
            let normalized = index >= 0 ? index : elements.count + index
            if normalized >= 0 && normalized < elements.count {
                output.append(child(elements[normalized], .index(normalized)))
            }
        case (.slice(let start, let end, let step), .array(let elements)):
            for index in Self.sliceIndices(count: elements.count, start: start, end: end, step: step) {
                output.append(child(elements[index], .index(index)))
            }
        case (.filter(let expression), .object(let object)):
            for member in object where test(expression, current: member.value) {
                output.append(child(member.value, .name(member.key)))
            }
        case (.filter(let expression), .array(let elements)):
            for (index, element) in elements.enumerated() where test(expression, current: element) {
                output.append(child(element, .index(index)))
            }
        default:
            break  // a selector that does not apply to this kind of value selects nothing
        }
    }

    /// The indices an array slice selects, in order (RFC 9535 §2.3.4.2.2); empty for step 0.
    static func sliceIndices(count: Int, start: Int?, end: Int?, step: Int?) -> [Int] {
        let step = step ?? 1
        guard step != 0, count > 0 else { return [] }
        func normalize(_ index: Int) -> Int { index >= 0 ? index : count + index }
        var indices: [Int] = []
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            var index = lower
            while index < upper {
                indices.append(index)
                index += step
            }
        } else {
            let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
            let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
            var index = upper
            while lower < index {
                indices.append(index)
                index += step
            }
        }
        return indices
    }
}
