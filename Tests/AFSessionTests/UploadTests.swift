import AFSession
import Foundation
import Testing

/// Request bodies: in memory, streamed from a file, from a stream; methods; upload progress.
struct UploadTests {
    @Test func uploadFromDataIsEchoed() async throws {
        try await withFixture { server, session in
            let body = Data("hello=world".utf8)
            let response = try await session.upload(for: HTTPRequest(url: server.url("/post")), from: body)
            #expect(response.response.statusCode == 200)
            let echo = jsonObject(response.data)
            #expect(
                (echo?["data"] as? String) == "hello=world"
                    || (echo?["form"] as? [String: Any])?["hello"] as? String == "world"
            )
            #expect(response.metrics.requestBodyBytes == Int64(body.count))
        }
    }

    @Test func uploadFromFileStreamsTheFileAndReportsProgress() async throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("body.bin")
        let content = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try content.write(to: file)
        try await withFixture { server, session in
            let progress = Collector<TransferProgress>()
            let task = session.uploadTask(
                with: HTTPRequest(
                    url: server.url("/upload"),
                    method: .put,
                    headers: ["Content-Type": "application/octet-stream"]
                ),
                fromFile: file,
                progress: { progress.append($0) },
                completionHandler: nil
            )
            task.resume()
            let response = try await task.dataResponse()
            #expect(response.response.statusCode == 200)
            #expect(response.metrics.requestBodyBytes == Int64(content.count))
            let echo = jsonObject(response.data)
            #expect((echo?["size"] as? Int) == content.count)
            #expect((echo?["sha256"] as? String) == OpenSSLDigest.sha256Hex(content))
            try await Task.sleep(for: .milliseconds(50))
            #expect(progress.values.contains { $0.completedBytes > 0 })
            #expect(progress.values.allSatisfy { $0.completedBytes <= Int64(content.count) })
        }
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch, .delete])
    func methodsWithBodiesAreSentAsThemselves(method: HTTPMethod) async throws {
        try await withFixture { server, session in
            let request = HTTPRequest(url: server.url("/anything"), method: method, body: .data(Data("x".utf8)))
            let response = try await session.data(for: request)
            #expect((jsonObject(response.data)?["method"] as? String) == method.rawValue)
        }
    }

    @Test func headSendsNoBodyAndReadsNone() async throws {
        try await withFixture { server, session in
            let response = try await session.data(for: HTTPRequest(url: server.url("/bytes/100"), method: .head))
            #expect(response.response.statusCode == 200)
            #expect(response.data.isEmpty)
        }
    }

    @Test func streamBodyWithUnknownLengthIsSentChunked() async throws {
        try await withFixture { server, session in
            let request = HTTPRequest(
                url: server.url("/post"),
                method: .post,
                headers: ["Content-Type": "text/plain"],
                body: .stream(length: nil) { CountingStream(total: 10_000) }
            )
            let response = try await session.data(for: request)
            #expect(response.response.statusCode == 200)
            #expect(response.metrics.requestBodyBytes == 10_000)
        }
    }
}

/// A stream of `total` bytes of "a".
final class CountingStream: RequestBodyStream {
    private var remaining: Int
    init(total: Int) { remaining = total }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, remaining, 1_000)
        for index in 0..<count { buffer[index] = 0x61 }
        remaining -= count
        return count
    }
    func close() {}
}
