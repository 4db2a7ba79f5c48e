/// One redirect libcurl followed on the way to the final response: the redirecting response's status
/// and its `Location`, as written.
public struct RedirectHop: Sendable, Hashable {
    /// The redirecting response's status code (301, 302, 303, 307, 308).
    public var statusCode: Int
    /// Its `Location` header, as written (possibly relative).
    public var location: String

    /// Creates a hop.
    public init(statusCode: Int, location: String) {
        self.statusCode = statusCode
        self.location = location
    }
}
