import FixtureServer
import Testing

@Suite struct FaultRouteTests {
    /// The route and the curl exit codes that show its fault (curl 7.88).
    static let cases: [(String, Set<Int32>)] = [
        ("/fault/reset", [56]),
        ("/fault/close-after-headers", [18, 52]),
        ("/fault/malformed-status", [1, 8]),
        ("/fault/truncated", [18]),
    ]

    @Test(arguments: cases)
    func faultShowsUpAsTheExpectedCurlError(path: String, codes: Set<Int32>) async throws {
        try await withServer { server in
            let result = try await Curl.run(["--max-time", "10", "--http1.1", server.http(path)])
            #expect(codes.contains(result.exitCode), "\(path): exit \(result.exitCode) \(result.stderr)")
            // The fault hits one connection, never the listener.
            let after = try await Curl.run([server.http("/get")])
            #expect(after.status == 200)
        }
    }

    @Test(arguments: cases)
    func faultShowsUpOverTLSToo(path: String, codes: Set<Int32>) async throws {
        try await withServer(tls: []) { server in
            let result = try await Curl.run(Curl.trustFixtures + ["--max-time", "10", "--http1.1", server.httpsURL.absoluteString + path])
            #expect(codes.contains(result.exitCode), "\(path): exit \(result.exitCode) \(result.stderr)")
        }
    }

    @Test func neverRespondHoldsUntilTheClientGivesUp() async throws {
        try await withServer { server in
            let result = try await Curl.run(["--max-time", "0.5", server.http("/fault/never-respond")])
            #expect(result.exitCode == 28)
            #expect(server.requestCount(on: .plain) == 1)
        }
    }

    @Test func slowHeadersArriveAfterThePause() async throws {
        try await withServer { server in
            let slow = try await Curl.run(["--max-time", "0.3", server.http("/fault/slow-headers?ms=2000")])
            #expect(slow.exitCode == 28)
            let done = try await Curl.run([server.http("/fault/slow-headers?ms=50")])
            #expect(done.status == 200)
            #expect(try done.json()["slow"] as? String == "headers")
        }
    }

    @Test func truncatedBodyKeepsWhatWasSent() async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/fault/truncated")])
            #expect(result.header("content-length") == "1024")
            #expect(result.body.count == 100)
        }
    }
}
