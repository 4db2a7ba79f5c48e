import AFOpenAPI

/// `"openapi": {"spec": "openapi.yaml", "operationId": "getUser"}` (or `"path"` and `"method"`): the
/// response must be one the operation documents. The document is read and the operation's schemas
/// compiled once per suite.
public struct OpenAPIExpectation: Sendable {
    /// The operation's documented responses; nil when it is found from the request (`defaults.openapi`
    /// with only a `spec`).
    public let operation: OperationContract?
    /// Every operation of the document, to find the request's when ``operation`` is nil.
    public var index: OperationIndex?
    /// The request's method, for ``index``.
    public var method: String = "GET"
    /// The document as written in the suite.
    public let spec: String
    /// Where the `openapi` key is written (in the test, or in `defaults`).
    public let location: SourceLocation?

    /// Creates an expectation.
    public init(operation: OperationContract?, spec: String, location: SourceLocation?) {
        self.operation = operation
        self.spec = spec
        self.location = location
    }
}
