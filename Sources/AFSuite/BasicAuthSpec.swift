/// HTTP Basic credentials (`basicAuth`): sent as `Authorization: Basic base64(username:password)`.
/// Both are templates, so a password can come from a secret variable.
public struct BasicAuthSpec: Sendable, Hashable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}
