/// One redirect libcurl followed on the way to the final response: the redirecting response's status,
/// its `Location`, as written, and the cookies it set.
public struct RedirectHop: Sendable, Hashable {
    /// The redirecting response's status code (301, 302, 303, 307, 308).
    public var statusCode: Int
    /// Its `Location` header, as written (possibly relative).
    public var location: String
    /// Its `Set-Cookie` field values, in order: a login that sets its session cookie on a redirect is common,
    /// and the cookie store keeps the cookie but neither its attributes nor which response set it.
    public var setCookies: [String]

    /// Creates a hop.
    /// - Parameters:
    ///   - statusCode: the redirecting response's status code.
    ///   - location: its `Location` header, as written.
    ///   - setCookies: its `Set-Cookie` field values, in order.
    public init(statusCode: Int, location: String, setCookies: [String] = []) {
        self.statusCode = statusCode
        self.location = location
        self.setCookies = setCookies
    }
}
