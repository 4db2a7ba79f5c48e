import AFSession
import Foundation
import Testing

/// A request's own cookie store (`HTTPRequest.cookieStore`): kept apart from the session's store
/// and from other stores, shared by requests of different sessions.
struct CookieStoreTests {
    /// The `cookies` object the fixture's `/cookies` echoes for `request`.
    private func echoedCookies(_ request: HTTPRequest, on session: SessionManager) async throws -> [String: String] {
        let response = try await session.data(for: request)
        return (jsonObject(response.data)?["cookies"] as? [String: String]) ?? [:]
    }

    private func request(_ url: URL, store: CookieStore?) -> HTTPRequest {
        var request = HTTPRequest(url: url)
        request.cookieStore = store
        return request
    }

    @Test func aStoreKeepsCookiesForItsRequestsOnly() async throws {
        // The session keeps no store of its own: every cookie below comes from the request's store.
        try await withFixture(configure: { $0.cookiesEnabled = false }) { server, session in
            let first = CookieStore()
            let second = CookieStore()
            // /cookies/set answers with Set-Cookie and a redirect to /cookies: the redirect's
            // request already carries the new cookie.
            let set = try await echoedCookies(
                request(server.url("/cookies/set?flavour=oat"), store: first),
                on: session
            )
            #expect(set == ["flavour": "oat"])
            #expect(
                try await echoedCookies(request(server.url("/cookies"), store: first), on: session) == [
                    "flavour": "oat"
                ]
            )
            #expect(try await echoedCookies(request(server.url("/cookies"), store: second), on: session).isEmpty)
            #expect(try await echoedCookies(request(server.url("/cookies"), store: nil), on: session).isEmpty)

            var optedOut = request(server.url("/cookies"), store: first)
            optedOut.handlesCookies = false
            #expect(try await echoedCookies(optedOut, on: session).isEmpty)
        }
    }

    @Test func aStoreIsNotTheSessionsStore() async throws {
        try await withFixture { server, session in
            let store = CookieStore()
            _ = try await session.data(for: request(server.url("/cookies/set?in=store"), store: store))
            _ = try await session.data(for: HTTPRequest(url: server.url("/cookies/set?in=session")))
            #expect(
                try await echoedCookies(request(server.url("/cookies"), store: store), on: session) == ["in": "store"]
            )
            #expect(try await echoedCookies(HTTPRequest(url: server.url("/cookies")), on: session) == ["in": "session"])
        }
    }

    @Test func deletedCookiesAreNotSent() async throws {
        try await withFixture(configure: { $0.cookiesEnabled = false }) { server, session in
            let store = CookieStore()
            _ = try await session.data(for: request(server.url("/cookies/set?a=1&b=2"), store: store))
            let after = try await echoedCookies(request(server.url("/cookies/delete?a"), store: store), on: session)
            #expect(after == ["b": "2"])
        }
    }

    @Test func sessionsOnDifferentLoopThreadsShareAStore() async throws {
        try await withFixture(configure: { $0.cookiesEnabled = false }) { server, session in
            try await withSessionManager(configuration: SessionConfiguration()) { other in
                let store = CookieStore()
                // Many concurrent requests of both sessions set and read the store at once.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for i in 0..<40 {
                        let target = i.isMultiple(of: 2) ? session : other
                        let url = server.url("/cookies/set?c\(i)=\(i)")
                        group.addTask { _ = try await target.data(for: self.request(url, store: store)) }
                    }
                    try await group.waitForAll()
                }
                let seen = try await echoedCookies(request(server.url("/cookies"), store: store), on: other)
                #expect(seen.count == 40)
                #expect(seen["c39"] == "39")
            }
        }
    }
}

/// A `Cookie` header the request writes goes out in one `Cookie` line with the store's cookies.
struct CookieHeaderMergeTests {
    @Test func ownCookieHeaderAndStoreCookiesShareOneLine() async throws {
        try await withFixture(configure: { $0.cookiesEnabled = false }) { server, session in
            let store = CookieStore()
            var set = HTTPRequest(url: server.url("/cookies/set?fromStore=1"))
            set.cookieStore = store
            _ = try await session.data(for: set)
            var request = HTTPRequest(url: server.url("/headers"), headers: ["Cookie": "written=2"])
            request.cookieStore = store
            let response = try await session.data(for: request)
            let headers = jsonObject(response.data)?["headers"] as? [String: Any]
            let cookie = try #require(
                headers?["Cookie"] as? String,
                "\(String(decoding: response.data, as: UTF8.self))"
            )
            #expect(cookie.contains("fromStore=1") && cookie.contains("written=2"), "\(cookie)")
            // The fixture joins repeated header fields with ", "; libcurl joins cookies with "; ".
            #expect(!cookie.contains(", "), "two Cookie header fields were sent: \(cookie)")
        }
    }
}
