import FixtureServer
import Foundation
import Testing

@Suite struct ConfigurationTests {
    @Test func presetsServeTheirEndpoints() async throws {
        try await withFixtureServer(.httpOnly) { server in
            #expect(server.port(for: .plain) != nil)
            #expect(server.port(for: .tls(.valid)) == nil)
        }
        try await withFixtureServer(.https) { server in
            #expect(server.port(for: .tls(.valid)) != nil)
            #expect(server.port(for: .tls(.expired)) == nil)
        }
        try await withFixtureServer(.tls([.expired, .mutualTLS])) { server in
            #expect(server.port(for: .tls(.expired)) != nil)
            #expect(server.port(for: .tls(.mutualTLS)) != nil)
            #expect(server.port(for: .tls(.wrongHost)) == nil)
        }
        try await withFixtureServer { server in
            let ports = FixtureServer.TLSVariant.allCases.compactMap { server.port(for: .tls($0)) }
            #expect(Set(ports).count == FixtureServer.TLSVariant.allCases.count)
            #expect(server.httpsURL.absoluteString == "https://localhost:\(ports[0])")
        }
    }

    @Test func missingCertificatesAndBusyPortsAreReportedWithAFix() async throws {
        var configuration = FixtureServer.Configuration.https
        configuration.certificatesDirectory = URL(fileURLWithPath: "/nonexistent")
        await #expect(throws: FixtureServerError.self) { try await FixtureServer.start(configuration) }
        try await withFixtureServer(.httpOnly) { server in
            var busy = FixtureServer.Configuration.httpOnly
            busy.httpPort = try #require(server.port(for: .plain))
            do {
                let second = try await FixtureServer.start(busy)
                try await second.shutdown()
                Issue.record("a second server bound a port in use")
            } catch let error as FixtureServerError {
                #expect(error.description.contains("choose another port"))
            }
        }
    }
}
