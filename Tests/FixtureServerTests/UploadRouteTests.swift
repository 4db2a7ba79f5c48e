import FixtureServer
import Foundation
import Testing

@Suite struct UploadRouteTests {
    @Test func multipartUploadReportsEachPartWithItsDigest() async throws {
        try await withServer { server in
            let bytes = FixtureServer.bytes(count: 3 * 1024 * 1024 + 17, seed: 3)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try await Curl.run([
                "-F", "file=@\(file.path);type=application/octet-stream", "-F", "note=hello world",
                "-F", "empty=", server.http("/upload"),
            ])
            #expect(result.status == 200)
            let json = try result.json()
            #expect(json["complete"] as? Bool == true)
            #expect((json["form"] as? [String: Any])?["note"] as? String == "hello world")
            let parts = try #require(json["parts"] as? [[String: Any]])
            #expect(parts.count == 3)
            let filePart = try #require(parts.first { $0["name"] as? String == "file" })
            #expect(filePart["filename"] as? String == file.lastPathComponent)
            #expect(filePart["contentType"] as? String == "application/octet-stream")
            #expect(filePart["size"] as? Int == bytes.count)
            #expect(filePart["sha256"] as? String == SHA256Digest.hex(of: bytes))
            #expect(parts.first { $0["name"] as? String == "empty" }?["size"] as? Int == 0)
        }
    }

    @Test func nonMultipartUploadIsHashedWhole() async throws {
        try await withServer { server in
            let result = try await Curl.run(["--data-binary", "abc", server.http("/upload")])
            let json = try result.json()
            #expect(json["multipart"] as? Bool == false)
            #expect(json["sha256"] as? String == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        }
    }
}

@Suite struct ExpectContinueTests {
    @Test(arguments: ["--http1.1", "--http2"])
    func expectContinueIsAnsweredAtOnce(version: String) async throws {
        try await withServer(tls: []) { server in
            // A long expect timeout: without an interim 100 the upload would stall for it.
            let result = try await Curl.run(
                Curl.trustFixtures + [
                    version, "--expect100-timeout", "20", "--max-time", "10", "-H", "Expect: 100-continue",
                    "--data-binary", "payload", server.httpsURL.absoluteString + "/upload",
                ]
            )
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try result.json()["size"] as? Int == 7)
        }
    }
}
