/// A compiled RFC 9535 JSONPath query: parse once, evaluate many times.
///
/// ```swift
/// let query = try JSONPathQuery("$.store.book[?@.price < 10].title")
/// let titles = query.evaluate(document).map(\.value)
/// ```
///
/// Compiling checks the whole grammar and the function type rules; evaluating walks the
/// compiled form without re-parsing. A query is an immutable value, safe to share.
public struct JSONPathQuery: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let expression: String
    /// The compiled form.
    let ast: QueryAST

    /// Parses and type-checks a query; throws with the position of the first problem.
    /// - Parameter expression: an RFC 9535 query, e.g. `$.items[0].id`.
    /// - Throws: ``JSONPathError`` naming the problem and its 0-based position.
    public init(_ expression: String) throws(JSONPathError) {
        self.expression = expression
        var parser = JSONPathParser(expression)
        ast = try parser.parseQuery()
    }

    /// Whether the query is singular (selects at most one node by construction): only child
    /// segments with a single name or index selector.
    public var isSingular: Bool { ast.isSingular }

    /// Evaluates the query and returns the nodes in the RFC's order. Its `match()` and `search()`
    /// regexes run without a time limit: for input from outside use ``evaluate(_:regexLimit:)``.
    /// - Parameter root: the document (the value of `$`).
    /// - Returns: each selected node's value and normalized path; duplicates are kept, as the RFC says.
    public func evaluate(_ root: JSONValue) -> [JSONPathNode] {
        evaluateTree(JSONValueTree(rootNode: root))
    }

    /// Evaluates the query and returns only the values (no paths are built, so it is cheaper).
    /// - Parameter root: the document.
    /// - Returns: the selected values in order.
    public func values(in root: JSONValue) -> [JSONValue] {
        valuesOfTree(JSONValueTree(rootNode: root))
    }

    /// Evaluates the query over a parsed document and returns the nodes in the RFC's order; only the
    /// selected nodes become `JSONValue`s.
    /// - Parameter document: the document (its root is the value of `$`).
    /// - Returns: each selected node's value and normalized path.
    public func evaluate(_ document: JSONDocument) -> [JSONPathNode] {
        evaluateTree(document)
    }

    /// Evaluates the query over a parsed document and returns only the values.
    /// - Parameter document: the document.
    /// - Returns: the selected values in order.
    public func values(in document: JSONDocument) -> [JSONValue] {
        valuesOfTree(document)
    }

    /// How many nodes the query selects, without building any value.
    /// - Parameter document: the document.
    /// - Returns: the node count (duplicates counted, as the RFC keeps them).
    public func count(in document: JSONDocument) -> Int {
        JSONPathEvaluator(tree: document).select(ast, current: document.rootNode, trackPaths: false).count
    }

    private func evaluateTree<Tree: JSONPathTree>(_ tree: Tree) -> [JSONPathNode] {
        JSONPathEvaluator(tree: tree).select(ast, current: tree.rootNode, trackPaths: true).map {
            JSONPathNode(value: tree.value(of: $0.node), path: NormalizedPath.render($0.path))
        }
    }

    private func valuesOfTree<Tree: JSONPathTree>(_ tree: Tree) -> [JSONValue] {
        JSONPathEvaluator(tree: tree).select(ast, current: tree.rootNode, trackPaths: false).map {
            tree.value(of: $0.node)
        }
    }

    /// Evaluates the query with its `match()` and `search()` regexes bounded in time: use it on
    /// documents and queries from outside, where an I-Regexp such as `(a+)+$` can backtrack for hours.
    /// - Parameters:
    ///   - root: the document (the value of `$`).
    ///   - regexLimit: the time all the regex calls of this evaluation may take together.
    /// - Returns: each selected node's value and normalized path, as `evaluate(_:)` does.
    /// - Throws: ``JSONPathRegexStopped`` when a regex had not decided by the limit.
    public func evaluate(_ root: JSONValue, regexLimit: Duration) throws(JSONPathRegexStopped) -> [JSONPathNode] {
        try evaluateTree(JSONValueTree(rootNode: root), regexLimit: regexLimit)
    }

    /// The selected values only (no paths are built), with the regexes bounded as in
    /// ``evaluate(_:regexLimit:)``.
    /// - Parameters:
    ///   - root: the document.
    ///   - regexLimit: the time all the regex calls of this evaluation may take together.
    /// - Returns: the selected values in order.
    /// - Throws: ``JSONPathRegexStopped`` when a regex had not decided by the limit.
    public func values(in root: JSONValue, regexLimit: Duration) throws(JSONPathRegexStopped) -> [JSONValue] {
        try valuesOfTree(JSONValueTree(rootNode: root), regexLimit: regexLimit)
    }

    /// ``evaluate(_:regexLimit:)`` over a parsed document: only the selected nodes become `JSONValue`s.
    public func evaluate(
        _ document: JSONDocument,
        regexLimit: Duration
    ) throws(JSONPathRegexStopped) -> [JSONPathNode] {
        try evaluateTree(document, regexLimit: regexLimit)
    }

    /// ``values(in:regexLimit:)`` over a parsed document.
    public func values(in document: JSONDocument, regexLimit: Duration) throws(JSONPathRegexStopped) -> [JSONValue] {
        try valuesOfTree(document, regexLimit: regexLimit)
    }

    private func evaluateTree<Tree: JSONPathTree>(
        _ tree: Tree,
        regexLimit: Duration
    ) throws(JSONPathRegexStopped) -> [JSONPathNode] {
        try JSONPathEvaluator(tree: tree, regexLimit: regexLimit).selectFromRoot(ast, trackPaths: true).map {
            JSONPathNode(value: tree.value(of: $0.node), path: NormalizedPath.render($0.path))
        }
    }

    private func valuesOfTree<Tree: JSONPathTree>(
        _ tree: Tree,
        regexLimit: Duration
    ) throws(JSONPathRegexStopped) -> [JSONValue] {
        try JSONPathEvaluator(tree: tree, regexLimit: regexLimit).selectFromRoot(ast, trackPaths: false).map {
            tree.value(of: $0.node)
        }
    }

    /// The expression.
    public var description: String { expression }

    /// Queries are equal when their expressions are identical.
    public static func == (a: JSONPathQuery, b: JSONPathQuery) -> Bool { a.expression == b.expression }

    /// Hashes the expression.
    public func hash(into hasher: inout Hasher) { hasher.combine(expression) }
}
