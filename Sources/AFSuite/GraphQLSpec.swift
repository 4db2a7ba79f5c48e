import JSONPath

/// A GraphQL operation (`graphql`), sent as the JSON envelope GraphQL servers read over HTTP:
/// `{"query": …, "variables": …, "operationName": …}` with `Content-Type: application/json`.
public struct GraphQLSpec: Sendable, Hashable {
    /// The query or mutation text (a template).
    public var query: String
    /// The operation's variables (an object); strings inside are templates, typed as in `json` bodies.
    public var variables: JSONValue?
    /// Which operation of a document with several to run (a template).
    public var operationName: String?

    /// Creates an operation.
    public init(query: String, variables: JSONValue? = nil, operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }
}
