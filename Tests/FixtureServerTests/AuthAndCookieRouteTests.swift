import FixtureServer
import Foundation
import Testing

@Suite struct AuthAndCookieRouteTests {
    @Test func basicAuthAcceptsOnlyTheRightCredentials() async throws {
        try await withServer { server in
            let good = try await Curl.run(["-u", "ada:pw", server.http("/basic-auth/ada/pw")])
            #expect(good.status == 200)
            #expect(try good.json()["user"] as? String == "ada")
            let bad = try await Curl.run(["-u", "ada:nope", server.http("/basic-auth/ada/pw")])
            #expect(bad.status == 401)
            #expect(bad.header("www-authenticate")?.hasPrefix("Basic") == true)
        }
    }

    @Test func bearerNeedsAToken() async throws {
        try await withServer { server in
            let good = try await Curl.run(["-H", "Authorization: Bearer abc.def", server.http("/bearer")])
            #expect(try good.json()["token"] as? String == "abc.def")
            let missing = try await Curl.run([server.http("/bearer")])
            #expect(missing.status == 401)
            #expect(missing.header("www-authenticate") == "Bearer")
        }
    }

    @Test func cookiesAreSetEchoedAndDeleted() async throws {
        try await withServer { server in
            let jar = FileManager.default.temporaryDirectory.appendingPathComponent("jar-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: jar) }
            let set = try await Curl.run(["-L", "-c", jar, "-b", jar, server.http("/cookies/set?flavour=oat&size=big")])
            #expect(try set.json()["cookies"] as? [String: String] == ["flavour": "oat", "size": "big"])
            let deleted = try await Curl.run(["-L", "-c", jar, "-b", jar, server.http("/cookies/delete?flavour")])
            #expect(try deleted.json()["cookies"] as? [String: String] == ["size": "big"])
            let sent = try await Curl.run(["-b", "a=1; b=2", server.http("/cookies")])
            #expect(try sent.json()["cookies"] as? [String: String] == ["a": "1", "b": "2"])
        }
    }

    @Test func conditionalRequestsAndCacheHeaders() async throws {
        try await withServer { server in
            let etag = try await Curl.run([server.http("/etag/v1")])
            #expect(etag.header("etag") == "\"v1\"")
            let notModified = try await Curl.run(["-H", "If-None-Match: \"v1\"", server.http("/etag/v1")])
            #expect(notModified.status == 304)
            let failed = try await Curl.run(["-H", "If-Match: \"v2\"", server.http("/etag/v1")])
            #expect(failed.status == 412)
            let cache = try await Curl.run([
                "-H", "If-Modified-Since: Mon, 01 Jan 2024 00:00:00 GMT", server.http("/cache"),
            ])
            #expect(cache.status == 304)
            let maxAge = try await Curl.run([server.http("/cache/60")])
            #expect(maxAge.header("cache-control") == "public, max-age=60")
            let echoed = try await Curl.run([server.http("/response-headers?X-Custom=yes&X-Custom=again")])
            #expect(echoed.headers.filter { $0.name == "x-custom" }.map(\.value) == ["yes", "again"])
            #expect(try echoed.json()["X-Custom"] as? [String] == ["yes", "again"])
        }
    }
}
