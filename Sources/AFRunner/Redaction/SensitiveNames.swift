/// The one list of names whose values are credentials, whatever carries them: a request or response header,
/// a cookie, a URL query parameter, a form field, a JSON member, a capture taken from any of those. Every
/// output masks by it (the runner's `Redactor`, the terminal, the reports and the history through
/// `SinkRedactor`); docs/runner.md ("Sensitive names") states the same list, and a test compares the two.
public enum SensitiveNames {
    /// Whole names (compared ignoring case) that are sensitive although they contain no fragment.
    public static let exact: [String] = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "apikey", "key", "sig",
        "x-amz-security-token", "x-goog-api-key", "private-token", "x-vault-token", "x-csrf-token", "x-xsrf-token",
        // Session cookies of common servers whose names hold no fragment below (Express, Google).
        "sid", "connect.sid",
    ]

    /// Fragments that make any name containing them (ignoring case) sensitive.
    public static let fragments: [String] = [
        "token", "secret", "password", "passwd", "apikey", "api-key", "api_key", "auth", "session", "sessid", "cookie",
        "credential", "private", "signature",
    ]

    /// Words that contain a fragment but name no credential (`author` holds `auth`): a fragment found only
    /// inside one of these words does not make a name sensitive (`author` is not, `author_token` is). Words are
    /// a name's parts between punctuation and at camelCase humps, compared ignoring case.
    public static let benignWords: [String] = [
        "author", "authors", "authored", "authoring", "authorship", "authority", "authorities",
    ]

    /// Whole names (compared ignoring case) that contain a fragment but are not sensitive: standard headers whose
    /// values are flags, not credentials.
    public static let benignNames: [String] = ["access-control-allow-credentials"]

    /// Whether `name` is sensitive: one of `exact`, or containing one of `fragments` outside `benignWords`
    /// (and not one of `benignNames`), ignoring case.
    public static func contains(_ name: some StringProtocol) -> Bool {
        SinkRedactor.isSecretName(String(name))
    }
}
