import FixtureServer
import Foundation
import Testing

@Suite struct StreamingRouteTests {
    @Test func bytesAreTheDocumentedStream() async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/bytes/1000003?seed=7")])
            #expect(result.header("content-length") == "1000003")
            #expect(result.body.count == 1_000_003)
            #expect(Array(result.body) == FixtureServer.bytes(count: 1_000_003, seed: 7))
            #expect(SHA256Digest.hex(of: result.body) == FixtureServer.bytesSHA256(count: 1_000_003, seed: 7))
            let other = try await Curl.run([server.http("/bytes/64")])
            #expect(Array(other.body) == FixtureServer.bytes(count: 64))
            #expect(Array(other.body) != FixtureServer.bytes(count: 64, seed: 7))
        }
    }

    @Test func streamSendsNJSONLinesChunked() async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/stream/5")])
            #expect(result.header("transfer-encoding") == "chunked")
            let lines = result.text.split(separator: "\n")
            #expect(lines.count == 5)
            let ids = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.map {
                $0?["id"] as? Int
            }
            #expect(ids == [0, 1, 2, 3, 4])
        }
    }

    @Test func dripSendsTheBytesOverTime() async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/drip?numbytes=5&duration=0.2&delay=0.1")])
            #expect(result.status == 200)
            #expect(result.text == "*****")
            // Cut short by a client timeout, the body is incomplete: it really is sent slowly.
            let cut = try await Curl.run(["--max-time", "0.5", server.http("/drip?numbytes=3&duration=3")])
            #expect(cut.exitCode == 28)
            #expect(cut.body.count < 3)
        }
    }

    @Test func delayAnswersAfterThePause() async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/delay/100")])
            #expect(result.status == 200)
            #expect(try result.json()["method"] as? String == "GET")
            let timedOut = try await Curl.run(["--max-time", "0.3", server.http("/delay/3000")])
            #expect(timedOut.exitCode == 28)
        }
    }
}
