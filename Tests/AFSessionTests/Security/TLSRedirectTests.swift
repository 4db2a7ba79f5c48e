import AFSession
import FixtureServer
import Foundation
import Testing

/// A followed redirect opens a new connection, which the policy checks for the new host.
@Suite("TLS trust on redirects")
struct TLSRedirectTests {
    @Test("a redirect to another server is evaluated for that server's host, before any request to it")
    func redirectedHopIsVerifiedForItsOwnHost() async throws {
        var serverConfiguration = FixtureServer.Configuration()
        serverConfiguration.tlsVariants = [.valid, .wrongHost]
        try await withFixtureServer(serverConfiguration) { server in
            var configuration = SessionConfiguration()
            configuration.securityPolicy = SecurityPolicy(trustStore: TLSFixtures.rootTrustStore)
            let wrongHostPort = try #require(server.port(for: .tls(.wrongHost)))
            let target = "https://127.0.0.1:\(wrongHostPort)/get"
            var components = URLComponents(url: server.url(for: .valid), resolvingAgainstBaseURL: false)!
            components.path = "/redirect-to"
            components.queryItems = [URLQueryItem(name: "url", value: target)]
            let url = try #require(components.url)
            await withSessionManager(configuration: configuration) { session in
                do throws(SessionError) {
                    let response = try await session.data(for: HTTPRequest(url: url))
                    Issue.record("the redirect target must be refused, got \(response.response.statusCode)")
                } catch {
                    guard case .serverTrustRejected(let rejection) = error else {
                        Issue.record("expected serverTrustRejected, got \(error)")
                        return
                    }
                    #expect(rejection.reason == .hostMismatch)
                    #expect(rejection.host == "127.0.0.1")
                    #expect(rejection.chain.first?.subjectAlternativeNames.first == "DNS:wrong.example")
                }
            }
            #expect(server.requestCount(for: .valid) == 1)
            #expect(server.requestCount(for: .wrongHost) == 0)
        }
    }
}
