import FixtureServer
import Foundation
import TestSupport
import Testing

@testable import AFSession

/// Multipart uploads to the fixture server's `/upload`, which streams each part through a hash.
@Suite struct MultipartEndToEndTests {
    /// Writes `size` bytes to `url` in 1 MiB chunks: one random chunk, each copy stamped with its
    /// index so no two chunks are equal.
    static func writeFile(_ url: URL, size: Int) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var chunk = Data((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255) })
        var written = 0
        while written < size {
            withUnsafeBytes(of: written) { chunk.replaceSubrange(0..<$0.count, with: $0) }
            let count = min(chunk.count, size - written)
            try handle.write(contentsOf: chunk.prefix(count))
            written += count
        }
    }

    /// SHA-256 from coreutils' `sha256sum`: an implementation independent of the server's.
    static func sha256(file: URL) async throws -> String {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        return String(try await process.output().output.prefix(64))
    }

    static func sha256(_ data: Data, in directory: URL) async throws -> String {
        let file = directory.appendingPathComponent(UUID().uuidString)
        try data.write(to: file)
        return try await sha256(file: file)
    }

    @Test("a 50 MiB file streams with parameters and data parts; names, file names, sizes and sha256 arrive")
    func largeUpload() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big payload.bin")
        let size = 50 << 20
        try Self.writeFile(file, size: size)
        let fileDigest = try await Self.sha256(file: file)
        #expect(fileDigest.count == 64)
        let small = Data("tiny part".utf8)

        let response = try await SerializationEndToEndTests.withManager { _, manager in
            // The debug-built server hashes every byte; on a loaded machine that takes a while.
            var serializer = HTTPRequestSerializer()
            serializer.timeoutInterval = .seconds(600)
            manager.requestSerializer = serializer
            return try await manager.post(
                "upload",
                parameters: ["title": "holiday", "meta": ["k": "v"]],
                serializer: JSONResponseSerializer()
            ) { form throws(SessionError) in
                form.appendPart(fileData: small, name: "note", fileName: "note.txt", mimeType: "text/plain")
                try form.appendPart(fileURL: file, name: "archive")
            }
        }
        #expect(response.raw.metrics.requestBodyBytes > Int64(size))
        guard case .dictionary(let echo)? = response.value, case .array(let parts)? = echo["parts"] else {
            Issue.record("unexpected echo \(String(describing: response.value))")
            return
        }
        #expect(echo["complete"] == true)
        let summary = parts.compactMap { part -> [String]? in
            guard case .dictionary(let p) = part, case .string(let name)? = p["name"], case .int(let size)? = p["size"],
                case .string(let sha)? = p["sha256"]
            else { return nil }
            let fileName: String = if case .string(let f)? = p["filename"] { f } else { "-" }
            let type: String = if case .string(let t)? = p["contentType"] { t } else { "-" }
            return [name, fileName, type, String(size), sha]
        }
        let expected: [[String]] = try await [
            ["meta[k]", "-", "-", "1", Self.sha256(Data("v".utf8), in: directory)],
            ["title", "-", "-", "7", Self.sha256(Data("holiday".utf8), in: directory)],
            ["note", "note.txt", "text/plain", String(small.count), Self.sha256(small, in: directory)],
            ["archive", "big payload.bin", "application/octet-stream", String(size), fileDigest],
        ]
        #expect(summary == expected)
        #expect(echo["form"] == ["title": "holiday", "meta[k]": "v"])
    }

    @Test("a missing file fails before anything is sent")
    func missingFile() async throws {
        try await SerializationEndToEndTests.withManager { server, manager in
            let missing = URL(fileURLWithPath: "/nonexistent/afrun/missing.bin")
            do {
                _ = try await manager.post("upload") { form throws(SessionError) in
                    try form.appendPart(fileURL: missing, name: "f")
                }
                Issue.record("a missing file must fail")
            } catch {
                guard case .requestSerialization(.unreadableFile(let path, _)) = error as? SessionError else {
                    Issue.record("got \(error)")
                    return
                }
                #expect(path == missing.path)
            }
            #expect(server.requestCount(on: .plain) == 0)
        }
    }
}
