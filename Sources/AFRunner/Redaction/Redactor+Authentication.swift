import AFSession
import AFSuite

extension Redactor {
    /// Adds the credentials of a request's libcurl authentication: a password in every form Basic gives it,
    /// a bearer token, an AWS key pair. libcurl writes the `Authorization` header itself, so these are
    /// hidden wherever a server echoes them (or a digest's user name beside them), whatever variable they
    /// came from.
    public func addAuthentication(_ authentication: HTTPAuthentication) {
        switch authentication {
        case .basic(let username, let password), .digest(let username, let password),
            .ntlm(let username, let password):
            if !password.isEmpty { addBasicAuth(username: username, password: password) }
        case .bearer(let token):
            addSecrets([token])
        case .awsSigV4(_, let accessKey, let secretKey):
            addSecrets([accessKey, secretKey])
        }
    }

    /// The credentials of every `auth` of `suite` (its defaults and its tests) that can be rendered before
    /// the suite runs, with what each is: hidden from the start, and checked against suite and test names.
    static func authCredentials(of suite: Suite, scope: VariableScope) -> [(what: String, value: String)] {
        var found: [(String, String)] = []
        var seen: Set<String> = []
        func add(_ auth: AuthSpec?, row: [String: String]?) {
            guard let auth else { return }
            var scope = scope
            if let row { scope.row = row }
            for template in auth.secretTemplates {
                guard let value = try? scope.render(template), !value.isEmpty, seen.insert(value).inserted else {
                    continue
                }
                found.append(("an `auth` \(auth.kind.rawValue) credential", value))
            }
        }
        add(suite.defaults.auth, row: nil)
        // Only the tests whose outline says they can add one are decoded.
        for position in suite.tests.positions(
            having: suite.defaults.auth == nil ? .ownCredentials : [.ownCredentials, .dataRow]
        ) {
            let test = suite.tests[position]
            add(test.request.auth ?? suite.defaults.auth, row: test.row?.values)
        }
        return found
    }
}
