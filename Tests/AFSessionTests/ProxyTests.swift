import AFSession
import FixtureServer
import Foundation
import Testing

/// `SessionConfiguration.proxy`: requests go to the proxy in absolute form, whatever the target's host.
struct ProxyTests {
    @Test("a configured HTTP proxy receives the request in absolute form; the target host is never resolved")
    func requestsGoThroughTheProxy() async throws {
        var serverConfiguration = FixtureServer.Configuration()
        serverConfiguration.tlsPort = nil
        serverConfiguration.tlsVariants = []
        try await withFixtureServer(serverConfiguration) { server in
            var configuration = SessionConfiguration()
            configuration.proxy = server.httpURL.absoluteString
            try await withSessionManager(configuration: configuration) { session in
                // `.invalid` never resolves (RFC 6761): only the proxy can answer.
                let target = try #require(URL(string: "http://afrun-proxy-test.invalid/get?via=proxy"))
                let response = try await session.data(for: HTTPRequest(url: target))
                // The fixture server is no proxy: it routes on the path and does not know the absolute target.
                #expect(response.response.statusCode == 404)
                let arrived = try #require(server.recordedRequests.last)
                #expect(arrived.uri == "http://afrun-proxy-test.invalid/get?via=proxy")
                #expect(arrived.header("Host") == "afrun-proxy-test.invalid")
            }
        }
    }
}
