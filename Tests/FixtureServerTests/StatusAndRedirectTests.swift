import FixtureServer
import Testing

@Suite struct StatusAndRedirectTests {
    @Test(arguments: [200, 201, 204, 301, 400, 401, 404, 418, 500, 503])
    func statusRouteAnswersWithTheCode(code: Int) async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/status/\(code)")])
            #expect(result.exitCode == 0)
            #expect(result.status == code)
            if code == 401 { #expect(result.header("www-authenticate")?.hasPrefix("Basic") == true) }
            if code == 301 { #expect(result.header("location") == "/redirect/1") }
        }
    }

    @Test(arguments: ["redirect", "relative-redirect", "absolute-redirect"])
    func redirectChainsEndAtGet(kind: String) async throws {
        try await withServer { server in
            let followed = try await Curl.run(["-L", server.http("/\(kind)/3")])
            #expect(followed.status == 200)
            #expect(followed.redirects == 3)
            #expect((try followed.json()["url"] as? String)?.hasSuffix("/get") == true)
            let single = try await Curl.run([server.http("/\(kind)/2")])
            #expect(single.status == 302)
            let location = try #require(single.header("location"))
            #expect(kind == "absolute-redirect" ? location.hasPrefix("http://127.0.0.1:") : location.hasPrefix("/"))
        }
    }

    @Test func redirectToUsesTheGivenStatusAndTarget() async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/redirect-to?url=/headers&status_code=307")])
            #expect(result.status == 307)
            #expect(result.header("location") == "/headers")
            let bad = try await Curl.run([server.http("/redirect-to")])
            #expect(bad.status == 400)
        }
    }
}
