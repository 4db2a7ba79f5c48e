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

    /// Evaluates the query and returns the nodes in the RFC's order.
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

    /// The expression.
    public var description: String { expression }

    /// Queries are equal when their expressions are identical.
    public static func == (a: JSONPathQuery, b: JSONPathQuery) -> Bool { a.expression == b.expression }

    /// Hashes the expression.
    public func hash(into hasher: inout Hasher) { hasher.combine(expression) }
}
