import AFSession
import Foundation
import Testing

/// Redirect policy, the per-session cookie store and content decoding.
struct RedirectCookieGzipTests {
    @Test func redirectsAreFollowedToTheEnd() async throws {
        try await withFixture { server, session in
            let response = try await session.data(for: HTTPRequest(url: server.url("/redirect/3")))
            #expect(response.response.statusCode == 200)
            #expect(response.response.url.path == "/get")
            #expect(response.metrics.redirectCount == 3)
        }
    }

    @Test func moreRedirectsThanTheLimitFail() async throws {
        try await withFixture(configure: { $0.redirectPolicy = .follow(max: 2) }) { server, session in
            do {
                _ = try await session.data(for: HTTPRequest(url: server.url("/redirect/3")))
                Issue.record("expected .tooManyRedirects")
            } catch {
                guard case .tooManyRedirects(let failure)? = error as? SessionError else {
                    Issue.record("expected .tooManyRedirects, got \(error)")
                    return
                }
                #expect(failure.code == .tooManyRedirects)
                #expect(!failure.message.isEmpty)
            }
        }
    }

    @Test func noRedirectPolicyReturnsTheRedirectItself() async throws {
        try await withFixture(configure: { $0.redirectPolicy = .none }) { server, session in
            let response = try await session.data(for: HTTPRequest(url: server.url("/redirect/1")))
            #expect((300..<400).contains(response.response.statusCode))
            #expect(response.response.headers["Location"] != nil)
            #expect(response.metrics.redirectCount == 0)
        }
    }

    @Test func requestCanOverrideTheRedirectPolicy() async throws {
        try await withFixture { server, session in
            let response = try await session.data(
                for: HTTPRequest(url: server.url("/redirect/1"), followsRedirects: false)
            )
            #expect((300..<400).contains(response.response.statusCode))
        }
    }

    @Test func cookiesAreKeptPerSession() async throws {
        try await withFixture { server, session in
            _ = try await session.data(for: HTTPRequest(url: server.url("/cookies/set?flavour=oat")))
            let response = try await session.data(for: HTTPRequest(url: server.url("/cookies")))
            let cookies = jsonObject(response.data)?["cookies"] as? [String: Any]
            #expect(cookies?["flavour"] as? String == "oat")
        }
    }

    @Test func cookiesCanBeTurnedOff() async throws {
        try await withFixture(configure: { $0.cookiesEnabled = false }) { server, session in
            _ = try await session.data(for: HTTPRequest(url: server.url("/cookies/set?flavour=oat")))
            let response = try await session.data(for: HTTPRequest(url: server.url("/cookies")))
            let cookies = jsonObject(response.data)?["cookies"] as? [String: Any]
            #expect(cookies?["flavour"] == nil)
        }
    }

    @Test func aRequestCanLeaveTheCookieStoreOut() async throws {
        try await withFixture { server, session in
            _ = try await session.data(for: HTTPRequest(url: server.url("/cookies/set?flavour=oat")))
            var serializer = HTTPRequestSerializer()
            serializer.httpShouldHandleCookies = false
            let request = try serializer.request(
                method: .get,
                url: server.url("/cookies"),
                parameters: nil,
                headers: [:]
            )
            #expect(request.handlesCookies == false)
            let without = try await session.data(for: request)
            #expect((jsonObject(without.data)?["cookies"] as? [String: Any])?["flavour"] == nil)
            // The store still holds the cookie for requests that use it.
            let with = try await session.data(for: HTTPRequest(url: server.url("/cookies")))
            #expect((jsonObject(with.data)?["cookies"] as? [String: Any])?["flavour"] as? String == "oat")
        }
    }

    @Test func gzipIsDecoded() async throws {
        try await withFixture { server, session in
            let response = try await session.data(for: HTTPRequest(url: server.url("/gzip")))
            #expect(response.response.headers["Content-Encoding"]?.lowercased() == "gzip")
            let body = jsonObject(response.data)
            #expect(body?["gzipped"] as? Bool == true)
        }
    }

    @Test func gzipIsLeftAloneWhenDecompressionIsOff() async throws {
        try await withFixture(configure: { $0.automaticDecompression = false }) { server, session in
            let response = try await session.data(
                for: HTTPRequest(url: server.url("/gzip"), headers: ["Accept-Encoding": "gzip"])
            )
            #expect(response.data.prefix(2) == Data([0x1F, 0x8B]))
        }
    }
}
