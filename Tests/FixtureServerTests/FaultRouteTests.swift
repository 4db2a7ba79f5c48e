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
            let result = try await Curl.run(
                Curl.trustFixtures + ["--max-time", "10", "--http1.1", server.httpsURL.absoluteString + path]
            )
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

@Suite struct HTTP2FaultTests {
    /// Over HTTP/2 the HTTP/1 framing faults become a reset stream (curl 92); `/fault/reset` still resets TCP.
    static let cases: [(String, Set<Int32>)] = [
        ("/fault/reset", [56]), ("/fault/close-after-headers", [92]), ("/fault/truncated", [92]),
        ("/fault/malformed-status", [92]),
    ]

    @Test(arguments: cases)
    func faultsOverH2C(path: String, codes: Set<Int32>) async throws {
        try await withServer { server in
            let result = try await Curl.run(["--max-time", "10", "--http2-prior-knowledge", server.http(path)])
            #expect(codes.contains(result.exitCode), "\(path): exit \(result.exitCode) \(result.stderr)")
        }
    }

    @Test func slowHeadersOverH2AnswerLate() async throws {
        try await withServer { server in
            let result = try await Curl.run(["--http2-prior-knowledge", server.http("/fault/slow-headers?ms=50")])
            #expect(result.httpVersion == "2")
            #expect(try result.json()["slow"] as? String == "headers")
        }
    }
}

@Suite struct ShutdownTests {
    @Test func shutdownClosesConnectionsThatAreStillHeld() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.tlsPort = nil
        configuration.eventLoopThreads = 1
        let server = try await FixtureServer.start(configuration)
        let url = server.http("/fault/never-respond")
        // curl's own limit only keeps a broken shutdown from hanging the suite: it must be far longer than any
        // wait for this task's turn on a loaded machine, where other tests' blocking waits for child processes
        // can hold the shared executor's threads (once for more than 20 s, when the limit was 20 s).
        let client = Task { try await Curl.run(["--max-time", "300", url]) }
        while server.requestCount(on: .plain) == 0 { try await Task.sleep(for: .milliseconds(20)) }
        try await server.shutdown()
        let result = try await client.value
        // Closed by the server (52: empty reply), not timed out (28).
        #expect(result.exitCode == 52, "\(result.stderr)")
        try await server.shutdown()  // A second call is harmless.
    }
}
