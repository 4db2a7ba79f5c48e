import FixtureServer
import Foundation
import Testing

/// `-vv` shows the `Authorization` header libcurl adds itself for `auth` (basic, digest, bearer), masked, as it
/// was sent: the dump is the request that went out, and never holds the credentials.
@Suite(.serialized) struct SentAuthorizationTraceTests {
    static let password = "pw-7c1d9e"
    static let token = "tok-4b8a2f"

    static let suite = #"""
        {"name": "Auth", "baseURL": "BASE", "tests": [
          {"name": "basic", "request": {"url": "basic-auth/ann/PASSWORD",
             "auth": {"type": "basic", "username": "ann", "password": "PASSWORD"}}, "expect": {"status": 200}},
          {"name": "digest", "request": {"url": "digest-auth/auth/ann/PASSWORD",
             "auth": {"type": "digest", "username": "ann", "password": "PASSWORD"}}, "expect": {"status": 200}},
          {"name": "bearer", "request": {"url": "bearer", "auth": {"type": "bearer", "token": "TOKEN"}},
             "expect": {"status": 200}},
          {"name": "plain", "request": {"url": "get"}, "expect": {"status": 200}}
        ]}
        """#

    @Test("-vv shows the Authorization header libcurl sent for auth as ***, once, and no credential")
    func libcurlsAuthorizationIsShownMasked() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let folder = try SuiteFolder()
            defer { folder.remove() }
            try folder.write(
                "auth.json",
                Self.suite.replacingOccurrences(of: "BASE", with: server.httpURL.absoluteString)
                    .replacingOccurrences(of: "PASSWORD", with: Self.password)
                    .replacingOccurrences(of: "TOKEN", with: Self.token)
            )
            let output = try await AfrunProcess.run(["auth.json", "--no-history", "-vv"], in: folder.url)
            #expect(output.status == 0, "\(output.all)")
            let out = output.stdout
            let starts = try ["basic", "digest", "bearer", "plain"].map { name in
                try #require(out.range(of: "PASS  Auth/\(name)"), "\(name) in \(out)").upperBound
            }
            for (index, name) in ["basic", "digest", "bearer"].enumerated() {
                let trace = String(out[starts[index]..<starts[index + 1]])
                #expect(trace.components(separatedBy: "  > Authorization: ***\n").count == 2, "\(name): \(trace)")
            }
            #expect(!String(out[starts[3]...]).contains("Authorization"), "a request without auth sends none")
            #expect(!output.all.contains(Self.password) && !output.all.contains(Self.token))
        }
    }
}
