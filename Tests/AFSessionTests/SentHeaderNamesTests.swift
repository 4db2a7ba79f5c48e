import AFSession
import FixtureServer
import Foundation
import Testing

/// A request with credentials reports the names of the headers libcurl sent, the `Authorization` it wrote
/// itself among them, and never their values; a request without credentials reports none.
@Suite struct SentHeaderNamesTests {
    @Test("basic and digest credentials: Authorization among the names sent, for the request answered")
    func credentialsReportTheHeadersSent() async throws {
        try await withFixture { server, session in
            var basic = HTTPRequest(url: server.url("/basic-auth/ann/pw-91ab"), headers: ["X-Probe": "p"])
            basic.authentication = .basic(username: "ann", password: "pw-91ab")
            let answered = try await session.data(for: basic)
            #expect(answered.response.statusCode == 200)
            let names = try #require(answered.response.sentHeaderNames)
            #expect(names.contains("Authorization") && names.contains("X-Probe") && names.contains("Host"), "\(names)")
            #expect(!names.joined().contains("pw-91ab") && !names.contains { $0.contains(" ") }, "names only")

            // Digest: the first request goes out bare, the one after the challenge carries the credentials.
            var digest = HTTPRequest(url: server.url("/digest-auth/auth/ann/pw-91ab"))
            digest.authentication = .digest(username: "ann", password: "pw-91ab")
            let challenged = try await session.data(for: digest)
            #expect(challenged.response.statusCode == 200)
            #expect(challenged.response.sentHeaderNames?.contains("Authorization") == true)

            let plain = try await session.data(for: HTTPRequest(url: server.url("/get")))
            #expect(plain.response.sentHeaderNames == nil)
        }
    }
}
