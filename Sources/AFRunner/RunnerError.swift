import AFSuite

/// Problems the runner reports before or while preparing a request; they end a test as `.error`.
public enum RunnerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `{{name}}` had no value in any source.
    case undefinedVariable(String)
    /// A `{{name}}` whose value a test captures, but the run's selection (`--filter`, `--shard`,
    /// `--rerun-failed`) left that test out.
    case capturedByLeftOutTest(String, test: String)
    /// A `{{name}}` whose value an earlier test captures, but that test did not pass (`outcome`: `failed`,
    /// `errored`, `was skipped`), so its captures were not kept; `test` names it (`setup test 'log in'`).
    case captureNotKept(String, test: String, outcome: String)
    /// A string could not be parsed as a template.
    case invalidTemplate(String, String)
    /// The request URL is not a valid absolute URL once resolved.
    case invalidURL(String)
    /// A file the request needs (body, multipart part, certificate) cannot be read.
    case unreadableFile(path: String, reason: String)
    /// The request could not be built (serializer refused the parameters).
    case request(String)
    /// A URL or header would contain CR, LF or NUL once rendered (`character` as an escape such as `\r`);
    /// `source` names the variable or capture it came from. Nothing is sent.
    case forbiddenCharacter(field: String, character: String, source: String?)
    /// Credentials could not be obtained: an OAuth 2.0 token endpoint refused the client or gave no token.
    case authentication(String)

    /// A sentence naming the problem and the fix.
    public var description: String {
        switch self {
        case .undefinedVariable(let name):
            "undefined variable '\(name)': define it in the suite's \"variables\", capture it in an earlier test, or pass --var \(name)=VALUE"
        case .capturedByLeftOutTest(let name, let test):
            "undefined variable '\(name)': test '\(test)' captures it, and the run's selection (--filter, --shard or --rerun-failed) left that test out; select it too, or pass --with-deps"
        case .captureNotKept(let name, let test, let outcome):
            "undefined variable '\(name)': \(test) captures it but \(outcome), and a test's captures are kept only"
                + " when it passes; fix that test first"
        case .invalidTemplate(let text, let why): "invalid template '\(text)': \(why)"
        case .invalidURL(let url):
            "invalid URL '\(url)': "
                + (URLText.problem(with: url) ?? "give an absolute http(s) URL or set the suite's baseURL")
        case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
        case .request(let why): "cannot build the request: \(why)"
        case .authentication(let why):
            "cannot authenticate: \(why); check the `auth` credentials and the token endpoint"
        case .forbiddenCharacter(let field, let character, let source):
            "\(field) would contain `\(character)`" + (source.map { " from \($0)" } ?? "")
                + "; nothing was sent (CR, LF and NUL would inject headers): strip line breaks from the value"
                + " (capture a narrower part with a regex group)"
        }
    }

    /// The `TestErrorInfo.kind` for this problem.
    public var kind: String {
        switch self {
        case .undefinedVariable, .capturedByLeftOutTest, .captureNotKept: "undefinedVariable"
        case .forbiddenCharacter: "forbiddenCharacter"
        case .authentication: "authentication"
        default: "request"
        }
    }
}
