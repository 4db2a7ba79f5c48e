import Foundation

/// Walks a compiled query over a document (RFC 9535 §2.3-2.5). One evaluator serves one
/// `evaluate` call; it caches the regular expressions that `match` and `search` compile.
///
/// Generic over the document's form (`JSONPathTree`): a `JSONValue` tree or a parsed tape, so the
/// same code decides every selector, filter and function for both.
final class JSONPathEvaluator<Tree: JSONPathTree> {
    /// A selected node; `path` is nil when paths are not tracked (queries inside filters).
    struct Selected {
        var node: Tree.Node
        var path: PathLink?
    }

    let tree: Tree
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
    ///   - tree: the document.
    ///   - regexLimit: the time all the `match` and `search` calls of the evaluation may take together.
    init(tree: Tree, regexLimit: Duration? = nil) {
        self.tree = tree
        self.regexLimit = regexLimit
        regexBudget = regexLimit
    }

    /// What `select` found from the root, or the pattern that stopped it.
    func selectFromRoot(_ query: QueryAST, trackPaths: Bool) throws(JSONPathRegexStopped) -> [Selected] {
        let nodes = select(query, current: tree.rootNode, trackPaths: trackPaths)
        if let stoppedPattern, let regexLimit {
            throw JSONPathRegexStopped(pattern: stoppedPattern, limit: regexLimit)
        }
        return nodes
    }

    /// Evaluates a query. The root node's path is `$`; `trackPaths` is off inside filters.
    func select(_ query: QueryAST, current: Tree.Node, trackPaths: Bool, rootPath: PathLink? = nil) -> [Selected] {
        var nodes = [Selected(node: query.isAbsolute ? tree.rootNode : current, path: rootPath)]
        for segment in query.segments {
            var next: [Selected] = []
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
    private func descend(_ node: Selected, selectors: [Selector], trackPaths: Bool, into output: inout [Selected]) {
        for selector in selectors {
            apply(selector, to: node, trackPaths: trackPaths, into: &output)
        }
        switch tree.kind(of: node.node) {
        case .array:
            tree.forEachElement(of: node.node) { index, element in
                let path = trackPaths ? PathLink(parent: node.path, element: .index(index)) : nil
                descend(
                    Selected(node: element, path: path),
                    selectors: selectors,
                    trackPaths: trackPaths,
                    into: &output
                )
            }
        case .object:
            tree.forEachMember(of: node.node) { name, value in
                let path = trackPaths ? PathLink(parent: node.path, element: .name(tree.text(of: name))) : nil
                descend(Selected(node: value, path: path), selectors: selectors, trackPaths: trackPaths, into: &output)
            }
        default:
            break
        }
    }

    private func apply(_ selector: Selector, to node: Selected, trackPaths: Bool, into output: inout [Selected]) {
        func child(_ value: Tree.Node, _ element: @autoclosure () -> PathElement) -> Selected {
            Selected(node: value, path: trackPaths ? PathLink(parent: node.path, element: element()) : nil)
        }
        let kind = tree.kind(of: node.node)
        switch (selector, kind) {
        case (.name(let name), .object):
            if let value = tree.member(of: node.node, named: name) { output.append(child(value, .name(name))) }
        case (.wildcard, .object):
            tree.forEachMember(of: node.node) { name, value in
                output.append(child(value, .name(tree.text(of: name))))
            }
        case (.wildcard, .array):
            tree.forEachElement(of: node.node) { index, element in output.append(child(element, .index(index))) }
        case (.index(let index), .array):
            let count = tree.elementCount(of: node.node)
            let normalized = index >= 0 ? index : count + index
            if normalized >= 0 && normalized < count {
                output.append(child(tree.element(of: node.node, at: normalized), .index(normalized)))
            }
        case (.slice(let start, let end, let step), .array):
            let indices = Self.sliceIndices(
                count: tree.elementCount(of: node.node),
                start: start,
                end: end,
                step: step
            )
            guard !indices.isEmpty else { return }
            // The elements once, in order: a tape reaches an element by skipping its predecessors.
            var elements: [Tree.Node] = []
            elements.reserveCapacity(tree.elementCount(of: node.node))
            tree.forEachElement(of: node.node) { _, element in elements.append(element) }
            for index in indices { output.append(child(elements[index], .index(index))) }
        case (.filter(let expression), .object):
            tree.forEachMember(of: node.node) { name, value in
                if test(expression, current: value) { output.append(child(value, .name(tree.text(of: name)))) }
            }
        case (.filter(let expression), .array):
            tree.forEachElement(of: node.node) { index, element in
                if test(expression, current: element) { output.append(child(element, .index(index))) }
            }
        default:
            break  // a selector that does not apply to this kind of value selects nothing
        }
    }
}

/// Slice bounds, the same for every kind of document.
enum JSONPathSlice {
    /// The indices an array slice selects, in order (RFC 9535 §2.3.4.2.2); empty for step 0.
    static func indices(count: Int, start: Int?, end: Int?, step: Int?) -> [Int] {
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

extension JSONPathEvaluator {
    /// The indices an array slice selects (see `JSONPathSlice.indices`).
    static func sliceIndices(count: Int, start: Int?, end: Int?, step: Int?) -> [Int] {
        JSONPathSlice.indices(count: count, start: start, end: end, step: step)
    }
}
