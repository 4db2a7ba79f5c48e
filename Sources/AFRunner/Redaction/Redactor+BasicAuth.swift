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
        // Indices, not elements: iterating would copy every (large) test case.
        for index in suite.tests.indices {
            let own = suite.tests[index].request.basicAuth
            guard own != nil || (suite.defaults.basicAuth != nil && suite.tests[index].row != nil) else { continue }
            add(own ?? suite.defaults.basicAuth, row: suite.tests[index].row?.values)
        }
        return passwords
    }
}
