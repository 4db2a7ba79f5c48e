import FixtureServer
import Foundation
import Testing

@Suite struct TLSAndHTTP2Tests {
    @Test func validVariantServesHTTP2ByALPNAndHTTP1OnRequest() async throws {
        try await withServer(tls: []) { server in
            let h2 = try await Curl.run(Curl.trustFixtures + ["--http2", server.httpsURL.absoluteString + "/get"])
            #expect(h2.exitCode == 0, "\(h2.stderr)")
            #expect(h2.httpVersion == "2")
            #expect((try h2.json()["url"] as? String)?.hasPrefix("https://localhost:") == true)
            let h1 = try await Curl.run(Curl.trustFixtures + ["--http1.1", server.httpsURL.absoluteString + "/get"])
            #expect(h1.httpVersion == "1.1")
            #expect(server.requestCount(for: .valid) == 2)
            #expect(server.handshakeCount(for: .valid) == 2)
            #expect(server.recordedRequests(path: "/get").map(\.httpVersion) == ["HTTP/2", "HTTP/1.1"])
        }
    }

    @Test func plainPortServesHTTP1AndH2CPriorKnowledge() async throws {
        try await withServer { server in
            let h2c = try await Curl.run([
                "--http2-prior-knowledge", server.http2PriorKnowledgeURL.absoluteString + "/bytes/200000",
            ])
            #expect(h2c.exitCode == 0, "\(h2c.stderr)")
            #expect(h2c.httpVersion == "2")
            #expect(Array(h2c.body) == FixtureServer.bytes(count: 200_000))
            let h1 = try await Curl.run([server.http("/get")])
            #expect(h1.httpVersion == "1.1")
        }
    }

    @Test(arguments: [
        FixtureServer.TLSVariant.expired, .notYetValid, .wrongHost, .selfSigned, .unknownCA,
    ])
    func refusedCertificatesNeverReceiveARequest(variant: FixtureServer.TLSVariant) async throws {
        try await withServer(tls: [variant]) { server in
            let result = try await Curl.run(Curl.trustFixtures + [server.url(for: variant).absoluteString + "/get"])
            #expect(result.exitCode == 60, "\(result.stderr)")
            #expect(server.connectionCount(on: .tls(variant)) == 1)
            // curl checks the host name only after the handshake; every other refusal aborts it.
            if variant != .wrongHost { #expect(server.handshakeCount(for: variant) == 0) }
            #expect(server.requestCount(for: variant) == 0)
        }
    }

    @Test func mutualTLSNeedsAClientCertificateFromTheClientCA() async throws {
        try await withServer(tls: [.mutualTLS]) { server in
            let url = server.url(for: .mutualTLS).absoluteString + "/get"
            let dir = Curl.tlsDirectory
            let accepted = try await Curl.run(
                Curl.trustFixtures + [
                    "--cert", dir.appendingPathComponent("client.pem").path,
                    "--key", dir.appendingPathComponent("client.key").path, url,
                ]
            )
            #expect(accepted.exitCode == 0, "\(accepted.stderr)")
            #expect(accepted.status == 200)
            let refused = try await Curl.run(Curl.trustFixtures + [url])
            #expect(refused.exitCode != 0)
            #expect(server.requestCount(for: .mutualTLS) == 1)
        }
    }

    @Test func unservedVariantsHaveNoPort() async throws {
        try await withServer(tls: []) { server in
            #expect(server.port(for: .tls(.valid)) != nil)
            #expect(server.port(for: .tls(.expired)) == nil)
        }
    }
}
