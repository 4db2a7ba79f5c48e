import AFSession
import AFSuite
import Foundation

extension RequestBuilder {
    /// The credentials a request uses: the test's `auth` or `basicAuth`, else the suite's.
    enum AuthChoice {
        /// `basicAuth`: an `Authorization` header built here.
        case basicHeader(BasicAuthSpec)
        /// `auth`: libcurl's schemes or an OAuth 2.0 token.
        case auth(AuthSpec)
    }

    /// The test's own credentials win over the suite's; `auth` and `basicAuth` never meet in one object. A setup
    /// test that runs before the capture the suite's credentials name goes without them.
    func authChoice(for spec: RequestSpec, phase: TestPhase, scope: VariableScope) -> AuthChoice? {
        if let auth = spec.auth { return .auth(auth) }
        if let basic = spec.basicAuth { return .basicHeader(basic) }
        if let auth = suite.defaults.auth {
            return waitsForSetup(auth.templates, phase: phase, scope: scope) ? nil : .auth(auth)
        }
        guard let basic = suite.defaults.basicAuth,
            !waitsForSetup([basic.username, basic.password], phase: phase, scope: scope)
        else { return nil }
        return .basicHeader(basic)
    }

    /// `auth` rendered for libcurl; nil for `oauth2`, whose token is fetched when the test runs
    /// (``oauth2Grant(for:scope:)``).
    func authentication(_ auth: AuthSpec, scope: VariableScope) throws(RunnerError) -> HTTPAuthentication? {
        switch auth {
        case .basic(let c):
            return .basic(username: try scope.render(c.username), password: try scope.render(c.password))
        case .digest(let c):
            return .digest(username: try scope.render(c.username), password: try scope.render(c.password))
        case .ntlm(let c):
            return .ntlm(username: try scope.render(c.username), password: try scope.render(c.password))
        case .bearer(let token):
            return .bearer(token: try scope.render(token))
        case .awsSigV4(let aws):
            var provider = try scope.render(aws.provider)
            if !provider.contains(":") { provider += provider == "aws" ? ":amz" : ":\(provider)" }
            let region = try aws.region.map { (s: String) throws(RunnerError) in try scope.render(s) }
            let service = try aws.service.map { (s: String) throws(RunnerError) in try scope.render(s) }
            if let region {
                provider += ":\(region)"
                if let service { provider += ":\(service)" }
            } else if service != nil {
                throw .request("auth: an aws-sigv4 `service` needs a `region` too (libcurl reads both or neither)")
            }
            return .awsSigV4(
                provider: provider,
                accessKey: try scope.render(aws.accessKey),
                secretKey: try scope.render(aws.secretKey)
            )
        case .oauth2:
            return nil
        }
    }

    /// The client-credentials grant `test` needs, rendered, with its token URL resolved against the
    /// suite's `baseURL`; nil when the test does not use `oauth2`, writes its own `Authorization` header, or is a
    /// setup test that runs before the capture the suite's `oauth2` names.
    /// - Throws: `RunnerError` for an undefined variable or a token URL that cannot be resolved.
    public func oauth2Grant(
        for test: TestCase,
        scope: VariableScope,
        phase: TestPhase = .test
    ) throws(RunnerError) -> OAuth2Grant? {
        guard case .auth(.oauth2(let spec)) = authChoice(for: test.request, phase: phase, scope: scope),
            !test.request.headers.contains(where: { $0.name.lowercased() == "authorization" })
        else { return nil }
        let reference = try scope.render(spec.tokenURL)
        try Self.rejectLineBreaks(in: reference, field: "the tokenURL", template: spec.tokenURL, scope: scope)
        let url = try resolve(reference, scope: scope)
        return OAuth2Grant(
            tokenURL: url,
            clientId: try scope.render(spec.clientId),
            clientSecret: try scope.render(spec.clientSecret),
            scope: try spec.scope.map { (s: String) throws(RunnerError) in try scope.render(s) }
        )
    }
}
