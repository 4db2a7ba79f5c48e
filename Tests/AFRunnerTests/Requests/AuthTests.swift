import AFRunner
import FixtureServer
import Foundation
import Testing

/// `auth`: Basic, Digest, NTLM, Bearer and AWS SigV4 through libcurl, against the fixture server's
/// challenge and verification routes; precedence beside `basicAuth` and `Authorization` headers.
@Suite(.serialized) struct AuthTests {
    @Test func libcurlSchemesAnswerTheFixtureServersChallenges() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "variables": {"pw": "s3cret"}, "tests": [
                  {"name": "basic", "request": {"url": "basic-auth/alice/s3cret",
                     "auth": {"type": "basic", "username": "alice", "password": "{{pw}}"}}, "expect": {"status": 200}},
                  {"name": "digest md5", "request": {"url": "digest-auth/auth/alice/s3cret",
                     "auth": {"type": "digest", "username": "alice", "password": "{{pw}}"}},
                   "expect": {"status": 200, "json": [{"path": "$.user", "equals": "alice"}]}},
                  {"name": "digest sha-256", "request": {"url": "digest-auth/auth/alice/s3cret/SHA-256",
                     "auth": {"type": "digest", "username": "alice", "password": "{{pw}}"}}, "expect": {"status": 200}},
                  {"name": "digest wrong password", "request": {"url": "digest-auth/auth/alice/s3cret",
                     "auth": {"type": "digest", "username": "alice", "password": "nope"}}, "expect": {"status": 401}},
                  {"name": "ntlm", "request": {"url": "ntlm/bob",
                     "auth": {"type": "ntlm", "username": "bob", "password": "pw"}},
                   "expect": {"status": 200, "json": [{"path": "$.user", "equals": "bob"}]}},
                  {"name": "bearer", "request": {"url": "bearer", "auth": {"type": "bearer", "token": "tok-{{pw}}"}},
                   "expect": {"status": 200}},
                  {"name": "sigv4", "request": {"url": "aws-sigv4/AKIDEXAMPLE/eu-west-1/s3",
                     "auth": {"type": "aws-sigv4", "key": "AKIDEXAMPLE", "secret": "{{pw}}", "region": "eu-west-1",
                              "service": "s3"}},
                   "expect": {"status": 200, "json": [{"path": "$.signedHeaders", "contains": "x-amz-date"}]}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let digest = server.recordedRequests.filter { $0.path == "/digest-auth/auth/alice/s3cret" }
            // Each digest test: the unauthenticated request, its challenge, then the answer.
            #expect(digest.first?.header("Authorization") == nil)
            #expect(digest.contains { $0.header("Authorization")?.hasPrefix("Digest username=\"alice\"") == true })
            let bearer = try #require(server.recordedRequests.first { $0.path == "/bearer" })
            #expect(bearer.header("Authorization") == "Bearer tok-s3cret")
        }
    }

    @Test func theSigV4SignatureIsVerifiedWithTheSecret() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            // The verify route recomputes the signature as AWS does, with the secret in its path.
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"auth": {"type": "aws-sigv4", "key": "AKID", "secret": "one",
                   "region": "us-east-1", "service": "execute-api"}}, "tests": [
                  {"name": "get", "request": {"url": "aws-sigv4/AKID/us-east-1/execute-api/verify/one",
                     "query": {"b": 2, "a": 1}},
                   "expect": {"status": 200, "json": [{"path": "$.verified", "equals": true}]}},
                  {"name": "post", "request": {"method": "POST", "url": "aws-sigv4/AKID/us-east-1/execute-api/verify/one",
                     "json": {"order": 42}},
                   "expect": {"status": 200, "json": [{"path": "$.signedHeaders", "contains": "content-type"}]}},
                  {"name": "another secret", "request": {"url": "aws-sigv4/AKID/us-east-1/execute-api/verify/one",
                     "auth": {"type": "aws-sigv4", "key": "AKID", "secret": "two", "region": "us-east-1",
                              "service": "execute-api"}},
                   "expect": {"status": 403, "json": [{"path": "$.problem", "equals": "the signature does not match"}]}},
                  {"name": "wrong region", "request": {"url": "aws-sigv4/AKID/eu-west-1/execute-api"},
                   "expect": {"status": 403}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
        }
    }

    @Test func precedenceOfAuthBasicAuthAndAuthorizationHeaders() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"headers": {"Authorization": "Bearer from-defaults"},
                   "auth": {"type": "bearer", "token": "suite-token"}}, "tests": [
                  {"name": "suite auth", "request": {"url": "anything/suite"}},
                  {"name": "test basicAuth", "request": {"url": "anything/basic",
                     "basicAuth": {"username": "u", "password": "p"}}},
                  {"name": "test auth", "request": {"url": "anything/auth", "auth": {"type": "bearer", "token": "own"}}},
                  {"name": "test header", "request": {"url": "anything/header", "headers": {"Authorization": "Custom x"}}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let sent = Dictionary(
                server.recordedRequests.map { ($0.path, $0.header("Authorization") ?? "none") },
                uniquingKeysWith: { a, _ in a }
            )
            #expect(sent["/anything/suite"] == "Bearer suite-token")
            #expect(sent["/anything/basic"] == "Basic dTpw")
            #expect(sent["/anything/auth"] == "Bearer own")
            #expect(sent["/anything/header"] == "Custom x")
        }
    }

    @Test func aNullAuthorizationHeaderSendsNoneOfTheSuitesAuth() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "defaults": {"auth": {"type": "bearer", "token": "suite-token"}}, "tests": [
                  {"name": "login", "request": {"url": "anything/login", "headers": {"Authorization": null}}},
                  {"name": "digest off", "request": {"url": "anything/digest", "headers": {"Authorization": null},
                     "auth": {"type": "basic", "username": "u", "password": "p"}}},
                  {"name": "after", "request": {"url": "anything/after"}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let sent = Dictionary(
                server.recordedRequests.map { ($0.path, $0.header("Authorization") ?? "none") },
                uniquingKeysWith: { a, _ in a }
            )
            #expect(sent["/anything/login"] == "none")
            #expect(sent["/anything/digest"] == "none")
            #expect(sent["/anything/after"] == "Bearer suite-token")
        }
    }

    @Test func validateChecksAuth() throws {
        let problems = try SuiteText.problems(
            """
            {"baseURL": "http://x", "defaults": {"auth": {"type": "digets", "username": "u"}}, "tests": [
              {"name": "a", "request": {"url": "a", "auth": {"type": "bearer", "password": "p"}}},
              {"name": "b", "request": {"url": "b", "auth": {"type": "basic", "username": "u", "password": "p"},
                 "basicAuth": {"username": "u", "password": "p"}}},
              {"name": "c", "request": {"url": "c", "auth": {"type": "aws-sigv4", "key": "k"}}},
              {"name": "d", "request": {"url": "d", "auth": "token"}}
            ]}
            """
        )
        #expect(problems.contains { $0.contains("suite.json:1:") && $0.contains("digets") && $0.contains("digest") })
        #expect(problems.contains { $0.contains("suite.json:2:") && $0.contains("unknown key `password`") })
        #expect(problems.contains { $0.contains("suite.json:2:") && $0.contains("missing `token`") })
        #expect(problems.contains { $0.contains("suite.json:3:") && $0.contains("basicAuth") && $0.contains("auth") })
        #expect(problems.contains { $0.contains("suite.json:5:") && $0.contains("missing `secret`") })
        #expect(problems.contains { $0.contains("suite.json:6:") && $0.contains("`auth`") })
        #expect(problems.count == 6, "\(problems)")
    }
}
