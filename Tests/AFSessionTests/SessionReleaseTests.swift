import AFSession
import FixtureServer
import Foundation
import Testing

/// A session released without `shutdown()`, as an Alamofire user releases a `Session`: it stops its loop
/// instead of trapping (a debug build asserted before).
struct SessionReleaseTests {
    /// A request through a manager that lives only in this function.
    private static func fetchOnce(_ url: URL) async throws -> Int {
        let manager = HTTPSessionManager(baseURL: url)
        let response = try await manager.session.data(for: HTTPRequest(url: url.appendingPathComponent("get")))
        return response.response.statusCode
    }

    @Test("a manager released without shutdown() stops quietly, and a new one works after it")
    func releaseWithoutShutdown() async throws {
        try await withFixtureServer(ProxyTests.httpOnly()) { server in
            let first = try await Self.fetchOnce(server.httpURL)
            let second = try await Self.fetchOnce(server.httpURL)
            #expect(first == 200 && second == 200)
            #expect(server.recordedRequests.count == 2)
        }
    }
}
