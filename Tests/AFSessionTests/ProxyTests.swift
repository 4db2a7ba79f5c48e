import AFSession
import FixtureServer
import Foundation
import Testing

/// `SessionConfiguration.proxy`, `noProxy` and `HTTPRequest.proxy`: requests go to the proxy in absolute form,
/// whatever the target's host.
struct ProxyTests {
    @Test("a configured HTTP proxy receives the request in absolute form; the target host is never resolved")
    func requestsGoThroughTheProxy() async throws {
        try await withFixtureServer(Self.httpOnly()) { server in
            var configuration = SessionConfiguration()
            configuration.proxy = server.httpURL.absoluteString
            try await withSessionManager(configuration: configuration) { session in
                // `.invalid` never resolves (RFC 6761): only the proxy can answer.
                let target = try #require(URL(string: "http://afrun-proxy-test.invalid/get?via=proxy"))
                let response = try await session.data(for: HTTPRequest(url: target))
                // The fixture server answers an absolute-form request as a forward proxy to itself would.
                #expect(response.response.statusCode == 200)
                #expect(response.response.headers["Via"] == "1.1 afrun-fixtures")
                let arrived = try #require(server.recordedRequests.last)
                #expect(arrived.uri == "http://afrun-proxy-test.invalid/get?via=proxy")
                #expect(arrived.path == "/get")
                #expect(arrived.header("Host") == "afrun-proxy-test.invalid")
            }
        }
    }

    @Test("a request's own proxy wins over the session's; an empty one sends the request directly")
    func requestProxyOverridesTheSessions() async throws {
        try await withFixtureServer(Self.httpOnly()) { server in
            var configuration = SessionConfiguration()
            // Nothing listens on port 1: a request that used this proxy would fail to connect.
            configuration.proxy = "http://127.0.0.1:1"
            try await withSessionManager(configuration: configuration) { session in
                var viaRequest = HTTPRequest(url: try #require(URL(string: "http://afrun-proxy-test.invalid/get")))
                viaRequest.proxy = server.httpURL.absoluteString
                let proxied = try await session.data(for: viaRequest)
                #expect(proxied.response.headers["Via"] == "1.1 afrun-fixtures")
                var direct = HTTPRequest(url: server.httpURL.appendingPathComponent("get"))
                direct.proxy = ""
                let response = try await session.data(for: direct)
                #expect(response.response.statusCode == 200)
                #expect(response.response.headers["Via"] == nil)
                #expect(server.recordedRequests.last?.uri == "/get")
            }
        }
    }

    @Test("noProxy sends the listed hosts directly, whatever proxy is set")
    func noProxyBypassesTheProxy() async throws {
        try await withFixtureServer(Self.httpOnly()) { server in
            var configuration = SessionConfiguration()
            configuration.proxy = "http://127.0.0.1:1"
            configuration.noProxy = "example.invalid,127.0.0.1"
            try await withSessionManager(configuration: configuration) { session in
                let response = try await session.data(
                    for: HTTPRequest(url: server.httpURL.appendingPathComponent("get"))
                )
                #expect(response.response.statusCode == 200)
                #expect(response.response.headers["Via"] == nil)
            }
        }
    }

    static func httpOnly() -> FixtureServer.Configuration {
        var configuration = FixtureServer.Configuration()
        configuration.tlsPort = nil
        configuration.tlsVariants = []
        return configuration
    }
}
