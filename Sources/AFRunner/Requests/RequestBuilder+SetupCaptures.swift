import AFSuite

extension RequestBuilder {
    /// The names the suite's `setup` tests capture: `baseURL` and the `headers`, `auth` and `basicAuth` of
    /// `defaults` may use them, since setup runs before every test.
    static func setupCaptureNames(of suite: Suite) -> Set<String> {
        Set(suite.setup.flatMap(\.captures).map(\.name))
    }

    /// Whether a default written with `templates` stays off a request of `phase`: a setup test that runs before
    /// the setup test capturing one of its names (the login whose token the suite's `auth` sends) goes without
    /// it, as it would in Postman with the collection's auth not yet set. Every other test sees the whole
    /// setup's captures; a name it lacks then is an error, as anywhere.
    func waitsForSetup(_ templates: [String], phase: TestPhase, scope: VariableScope) -> Bool {
        guard phase == .setup, !setupCaptures.isEmpty else { return false }
        for text in templates where Template.mayHavePlaceholder(text) {
            guard let template = try? Template(text) else { continue }
            for placeholder in template.placeholders
            where setupCaptures.contains(placeholder.name) && scope.value(of: placeholder.name) == nil {
                return true
            }
        }
        return false
    }
}

extension AuthSpec {
    /// Every template of the credentials: names, ids, keys, secrets, the token URL and scope.
    var templates: [String] {
        switch self {
        case .basic(let c), .digest(let c), .ntlm(let c): [c.username, c.password]
        case .bearer(let token): [token]
        case .awsSigV4(let aws):
            [aws.accessKey, aws.secretKey, aws.provider] + [aws.region, aws.service].compactMap(\.self)
        case .oauth2(let oauth):
            [oauth.tokenURL, oauth.clientId, oauth.clientSecret] + [oauth.scope].compactMap(\.self)
        }
    }
}
