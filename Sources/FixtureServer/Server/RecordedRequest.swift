/// A request as it reached a route handler, for tests that need to see what arrived.
public struct RecordedRequest: Sendable, Equatable {
    /// The endpoint that received it.
    public var endpoint: Endpoint
    /// The method, e.g. `GET`.
    public var method: String
    /// The request target as sent, with its query.
    public var uri: String
    /// The path of `uri`, without the query.
    public var path: String
    /// `HTTP/1.1` or `HTTP/2`.
    public var httpVersion: String
    /// The header fields in arrival order (HTTP/2 names are lowercase).
    public var headers: [HeaderField]

    /// One header field.
    public struct HeaderField: Sendable, Equatable {
        /// The field name as received.
        public var name: String
        /// The field value.
        public var value: String
    }

    /// The first value of a header field, matched case-insensitively.
    /// - Parameter name: the field name.
    /// - Returns: the value, or nil when absent.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
