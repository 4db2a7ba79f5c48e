import FixtureServer
import Testing

@Suite struct RouteEdgeTests {
    @Test(arguments: [
        ("/status/abc", 400), ("/status/99", 400), ("/bytes/-1", 400), ("/delay/x", 400), ("/redirect/0", 400),
        ("/users/0", 400), ("/cache/-5", 400), ("/anything", 200), ("/drip?numbytes=1&duration=0&code=201", 201),
    ])
    func parametersAreValidated(path: String, status: Int) async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http(path)])
            #expect(result.status == status, "\(path)")
            if status == 400 { #expect(try result.json()["error"] is String) }
        }
    }

    @Test func headOnAStreamedRouteSendsNoBodyAndKeepsTheConnection() async throws {
        try await withServer { server in
            // Two requests on one connection: a body or chunk trailer left by HEAD would corrupt the second.
            let result = try await Curl.run(["--head", server.http("/stream/3"), "--next", server.http("/get")])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.status == 200)
            #expect(server.connectionCount(on: .plain) == 1)
            #expect(server.requestCount(on: .plain) == 2)
        }
    }
}
