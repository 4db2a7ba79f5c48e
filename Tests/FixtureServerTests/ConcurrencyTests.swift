import FixtureServer
import Foundation
import Testing

@Suite struct ConcurrencyTests {
    @Test(arguments: ["--http1.1", "--http2"])
    func manyParallelRequestsAllCompleteWithTheirOwnBodies(version: String) async throws {
        try await withServer(tls: []) { server in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let count = 200
            var arguments =
                Curl.trustFixtures + [version, "--parallel", "--parallel-max", "32", "-w", "%{http_code}\n"]
            for index in 0..<count {
                arguments += [
                    server.httpsURL.absoluteString + "/bytes/\(1000 + index)?seed=\(index)",
                    "-o", folder.appendingPathComponent("\(index)").path,
                ]
            }
            let result = try await Curl.execute(arguments)
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").filter { $0 == "200" }.count == count)
            for index in [0, 57, 123, 199] {
                let body = try Data(contentsOf: folder.appendingPathComponent("\(index)"))
                #expect(Array(body) == FixtureServer.bytes(count: 1000 + index, seed: UInt64(index)))
            }
            #expect(server.requestCount(for: .valid) == count)
        }
    }

    @Test func largeUploadAndDownloadOverTLSWithHTTP2FlowControl() async throws {
        try await withServer(tls: []) { server in
            let bytes = FixtureServer.bytes(count: 2 * 1024 * 1024, seed: 11)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("h2-upload-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let upload = try await Curl.run(
                Curl.trustFixtures + ["--http2", "-F", "f=@\(file.path)", server.httpsURL.absoluteString + "/upload"]
            )
            #expect(upload.httpVersion == "2")
            let parts = try #require(try upload.json()["parts"] as? [[String: Any]])
            #expect(parts.first?["sha256"] as? String == SHA256Digest.hex(of: bytes))
            let download = try await Curl.run(
                Curl.trustFixtures + ["--http2", server.httpsURL.absoluteString + "/bytes/3000000?seed=4"]
            )
            #expect(download.httpVersion == "2")
            #expect(SHA256Digest.hex(of: download.body) == FixtureServer.bytesSHA256(count: 3_000_000, seed: 4))
        }
    }
}
