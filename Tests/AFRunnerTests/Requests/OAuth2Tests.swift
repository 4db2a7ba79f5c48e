import AFRunner
import FixtureServer
import Foundation
import Testing

/// `"auth": {"type": "oauth2", …}`: the client-credentials grant against the fixture server's token endpoint.
@Suite(.serialized) struct OAuth2Tests {
    static func suite(expiresIn: Int? = nil, secret: String = "csecret", parallel: Bool = false) -> String {
        let query = expiresIn.map { "?expires_in=\($0)" } ?? ""
        return """
            {"baseURL": "{{base}}", "parallel": \(parallel), "defaults": {"auth": {"type": "oauth2",
               "tokenURL": "oauth2/cid/csecret/token\(query)", "clientId": "cid", "clientSecret": "\(secret)",
               "scope": "read write"}}, "tests": [
              {"name": "one", "request": {"url": "bearer"}, "expect": {"status": 200}},
              {"name": "two", "request": {"url": "bearer"}, "expect": {"status": 200}},
              {"name": "three", "request": {"url": "bearer"}, "expect": {"status": 200}}
            ]}
            """
    }

    static func tokens(_ server: FixtureServer) -> [String] {
        server.recordedRequests.filter { $0.path == "/bearer" }.compactMap { $0.header("Authorization") }
    }

    static func fetches(_ server: FixtureServer) -> Int {
        server.recordedRequests.filter { $0.path == "/oauth2/cid/csecret/token" }.count
    }

    @Test(arguments: [false, true])
    func theTokenIsFetchedOncePerSuite(parallel: Bool) async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(Self.suite(parallel: parallel), server: server)
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            #expect(Self.fetches(server) == 1)
            let tokens = Self.tokens(server)
            #expect(tokens.count == 3)
            #expect(Set(tokens).count == 1)
            #expect(tokens.first?.hasPrefix("Bearer at-") == true)
            let asked = try #require(server.recordedRequests.first { $0.path.hasPrefix("/oauth2/") })
            #expect(asked.method == "POST")
            #expect(asked.header("Authorization") == "Basic Y2lkOmNzZWNyZXQ=")
        }
    }

    @Test func anExpiredTokenIsFetchedAgain() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            // `expires_in: 0`: every token has expired by the next request.
            let results = try await SuiteText.run(Self.suite(expiresIn: 0), server: server)
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            #expect(Self.fetches(server) == 3)
            #expect(Set(Self.tokens(server)).count == 3)
        }
    }

    @Test func aRefusedClientEndsTheTestsAsErrorsWithoutShowingTheSecret() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(Self.suite(secret: "wrong-secret-value"), server: server)
            #expect(results.count == 3)
            for result in results {
                #expect(result.status == .error)
                let message = result.error?.message ?? ""
                #expect(message.contains("cannot authenticate: the token endpoint answered 401: invalid_client"))
                #expect(!message.contains("wrong-secret-value"))
            }
            #expect(!server.recordedRequests.contains { $0.path == "/bearer" })
        }
    }

    /// A server that refuses with a 200 still has its `error` named.
    @Test func anErrorAnsweredWith200IsNamed() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let suite = Self.suite().replacingOccurrences(
                of: "oauth2/cid/csecret/token",
                with: "response-headers?error=invalid_client&error_description=unknown%20client"
            )
            let results = try await SuiteText.run(suite, server: server)
            #expect(results.count == 3)
            for result in results {
                #expect(result.status == .error)
                #expect(
                    result.error?.message.contains(
                        "has no `access_token` string: invalid_client (unknown client)"
                    ) == true,
                    "\(result.error?.message ?? "")"
                )
            }
        }
    }

    @Test func theTokenIsASecretInResults() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "tests": [
                  {"name": "echoed", "request": {"url": "bearer", "auth": {"type": "oauth2",
                     "tokenURL": "oauth2/cid/csecret/token", "clientId": "cid", "clientSecret": "csecret"}},
                   "expect": {"json": [{"path": "$.token", "equals": "nope"}]}}
                ]}
                """,
                server: server
            )
            let result = try #require(results.first)
            #expect(result.status == .failed)
            let token = try #require(Self.tokens(server).first?.dropFirst("Bearer ".count))
            let shown = result.assertions.compactMap(\.actual).joined() + (result.response?.bodyExcerpt ?? "")
            #expect(shown.contains("***"), "\(shown)")
            #expect(!shown.contains(token), "\(shown)")
        }
    }
}
