import AFSession

/// One suite's OAuth 2.0 access tokens, by grant: fetched once, shared by the suite's tests (concurrent ones
/// wait for the same request), and fetched again once expired.
actor OAuth2TokenCache {
    /// How long before its `expires_in` a token is treated as expired, so it does not lapse in flight.
    static let expiryMargin: Duration = .seconds(5)

    private struct Token {
        var value: String
        /// nil: the server gave no `expires_in`, the token is kept for the suite.
        var expires: ContinuousClock.Instant?
    }

    private var tokens: [OAuth2Grant: Token] = [:]
    private var pending: [OAuth2Grant: Task<Result<Token, RunnerError>, Never>] = [:]

    /// A valid token for `grant`, fetched with `session` when there is none or it has expired.
    /// - Throws: `RunnerError.authentication` when the endpoint refuses or answers without a token.
    func token(for grant: OAuth2Grant, session: SessionManager, timeout: Duration) async throws(RunnerError) -> String {
        if let token = tokens[grant], token.expires.map({ ContinuousClock.now < $0 }) ?? true { return token.value }
        let task: Task<Result<Token, RunnerError>, Never>
        if let running = pending[grant] {
            task = running
        } else {
            task = Task { await Self.fetch(grant, session: session, timeout: timeout) }
            pending[grant] = task
        }
        let outcome = await task.value
        // Every waiter gets here; only the first clears, and never a newer request's entry.
        if pending[grant] == task { pending[grant] = nil }
        switch outcome {
        case .success(let token):
            tokens[grant] = token
            return token.value
        case .failure(let error):
            throw error
        }
    }

    private static func fetch(
        _ grant: OAuth2Grant,
        session: SessionManager,
        timeout: Duration
    ) async -> Result<Token, RunnerError> {
        // The lifetime counts from the request, not the answer: never later than the server's clock.
        let asked = ContinuousClock.now
        let response: DataResponse
        do {
            response = try await session.data(for: grant.tokenRequest(timeout: timeout))
        } catch {
            return .failure(.authentication("the token request to \(grant.tokenURL.absoluteString) failed: \(error)"))
        }
        return OAuth2Grant.token(from: response).map { token in
            Token(
                value: token.value,
                expires: token.expiresIn.map { asked + .milliseconds(Int64($0 * 1_000)) - expiryMargin }
            )
        }
    }
}
