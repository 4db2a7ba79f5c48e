import Foundation
import Testing

@testable import AFSession

/// The session's own cookie store can be read and seeded, as Alamofire's `httpCookieStorage` can.
struct SessionCookieStoreTests {
    @Test func cookiesTheSessionReceivedCanBeReadAndSeededOnes() async throws {
        try await withFixture { server, session in
            let store = try #require(session.cookieStore)
            _ = try await session.data(for: HTTPRequest(url: server.url("/cookies/set?flavour=oat")))
            #expect(store.netscapeLines.contains { $0.hasSuffix("\tflavour\toat") })

            let host = try #require(server.httpURL.host)
            store.add(netscapeLines: ["\(host)\tFALSE\t/\tFALSE\t0\tseeded\tyes"])
            let echo = try await session.data(for: HTTPRequest(url: server.url("/cookies")))
            let cookies = jsonObject(echo.data)?["cookies"] as? [String: String]
            #expect(cookies == ["flavour": "oat", "seeded": "yes"])
        }
    }

    @Test func aSessionWithoutCookiesHasNoStore() async throws {
        try await withFixture(configure: { $0.cookiesEnabled = false }) { _, session in
            #expect(session.cookieStore == nil)
        }
    }
}
