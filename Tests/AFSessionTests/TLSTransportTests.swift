import FixtureServer
import Foundation
import Testing

@testable import AFSession

/// `fixtures/tls/ca-bundle.pem`, found from the working directory upwards.
let caBundle: URL? = {
    var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    for _ in 0..<6 {
        let candidate = directory.appendingPathComponent("fixtures/tls/ca-bundle.pem")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        directory.deleteLastPathComponent()
    }
    return nil
}()

/// Whether the security module turns a CA-file trust store into transport settings yet.
private let securityHonoursCAFile: Bool = {
    guard let caBundle else { return false }
    return SecurityPolicy(trustStore: .caFile(caBundle)).transportSettings().caInfoPath == caBundle.path
}()

/// HTTPS through the transport with the fixtures' CA (pinning and rejection tests belong to the
/// security module).
struct TLSTransportTests {
    @Test(.enabled(if: securityHonoursCAFile, "needs the security module's transportSettings()"))
    func httpsToTheValidVariantNegotiatesH2WithTheCAFile() async throws {
        let bundle = try #require(caBundle)
        var serverConfiguration = FixtureServer.Configuration()
        serverConfiguration.tlsVariants = [.valid]
        try await withFixtureServer(serverConfiguration) { server in
            var configuration = SessionConfiguration()
            configuration.securityPolicy = SecurityPolicy(trustStore: .caFile(bundle))
            try await withSessionManager(configuration: configuration) { session in
                let url = URL(string: server.httpsURL.absoluteString + "/get")!
                let first = try await session.data(for: HTTPRequest(url: url))
                #expect(first.response.statusCode == 200)
                #expect(first.metrics.tlsHandshake > .zero)
                #expect(first.metrics.tlsEvidence?.protocolVersion.hasPrefix("TLS") == true)
                #expect(first.metrics.httpVersion == .http2)
                let second = try await session.data(for: HTTPRequest(url: url))
                #expect(second.metrics.connectionReused)
                #expect(second.metrics.tlsHandshake == .zero)
            }
        }
    }

    @Test func anUntrustedServerFailsTheHandshake() async throws {
        var serverConfiguration = FixtureServer.Configuration()
        serverConfiguration.tlsVariants = [.valid]
        try await withFixtureServer(serverConfiguration) { server in
            // The system store does not trust the fixtures' CA.
            await withSessionManager { session in
                do {
                    _ = try await session.data(
                        for: HTTPRequest(url: URL(string: server.httpsURL.absoluteString + "/get")!)
                    )
                    Issue.record("an unknown CA must fail")
                } catch {
                    switch error as? SessionError {
                    case .tlsFailure(let failure)?: #expect(failure.code == .peerFailedVerification)
                    case .serverTrustRejected?: break
                    default: Issue.record("expected a TLS failure, got \(error)")
                    }
                }
            }
        }
    }
}
