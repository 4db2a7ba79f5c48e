import AFSuite

extension Redactor {
    /// The `basicAuth` passwords of `suite` (its defaults and its tests, data rows included) as far as
    /// they can be rendered before the suite runs: each is a credential, hidden like a secret value even
    /// when it is written literally or comes from a variable not marked secret. A password that needs a
    /// capture is learned from the `Authorization` header the request carries (`addHeaderValue`).
    /// - Parameters:
    ///   - suite: the suite about to run.
    ///   - scope: the suite's variables (flags, suite variables, environment).
    /// - Returns: the distinct credentials with a non-empty password.
    static func basicAuthCredentials(of suite: Suite, scope: VariableScope) -> Set<BasicAuthSpec> {
        var passwords: Set<BasicAuthSpec> = []
        func add(_ auth: BasicAuthSpec?, row: [String: String]?) {
            guard let auth, !auth.password.isEmpty else { return }
            var scope = scope
            if let row { scope.row = row }
            if let value = try? scope.render(auth.password), !value.isEmpty {
                passwords.insert(
                    BasicAuthSpec(username: (try? scope.render(auth.username)) ?? auth.username, password: value)
                )
            }
        }
        add(suite.defaults.basicAuth, row: nil)
        // Only the tests whose outline says they can add one are decoded.
        let features: TestFeatures = suite.defaults.basicAuth == nil ? .ownCredentials : [.ownCredentials, .dataRow]
        for position in suite.tests.positions(having: features) {
            let test = suite.tests[position]
            add(test.request.basicAuth ?? suite.defaults.basicAuth, row: test.row?.values)
        }
        return passwords
    }
}
