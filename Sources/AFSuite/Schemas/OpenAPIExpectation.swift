import AFOpenAPI

/// `"openapi": {"spec": "openapi.yaml", "operationId": "getUser"}` (or `"path"` and `"method"`): the
/// response must be one the operation documents. The document is read and the operation's schemas
/// compiled once per suite.
public struct OpenAPIExpectation: Sendable {
    /// The operation's documented responses.
    public let operation: OperationContract
    /// The document as written in the suite.
    public let spec: String
    /// Where the `openapi` key is written (in the test, or in `defaults`).
    public let location: SourceLocation?

    /// Creates an expectation.
    public init(operation: OperationContract, spec: String, location: SourceLocation?) {
        self.operation = operation
        self.spec = spec
        self.location = location
    }
}
