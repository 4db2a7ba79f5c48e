import Foundation
import Testing

@testable import AFSession

/// AF's multipart framing, parts and streaming.
@Suite struct MultipartFormDataTests {
    let url = URL(string: "http://h.test/upload")!
    let boundary = "Boundary+0123456789ABCDEF"

    @Test("framing byte for byte: parameters first, then parts")
    func framing() throws {
        let request = try HTTPRequestSerializer().multipartFormRequest(
            url: url,
            parameters: ["b": ["c": "x"], "a": 1, "n": nil],
            boundary: boundary
        ) { form in
            form.appendPart(fileData: Data("hello".utf8), name: "f", fileName: "h.txt", mimeType: "text/plain")
            form.appendPart(
                headers: ["Content-Disposition": "form-data; name=\"raw\"", "X-Part": "1"],
                body: Data([0xFF])
            )
        }
        let expected =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1"
            + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"b[c]\"\r\n\r\nx"
            + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\n"
            + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"h.txt\"\r\nContent-Type: text/plain\r\n\r\nhello"
            + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"raw\"\r\nX-Part: 1\r\n\r\n"
        var expectedData = Data(expected.utf8)
        expectedData.append(0xFF)
        expectedData.append(Data("\r\n--\(boundary)--\r\n".utf8))
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=\(boundary)")
        #expect(try drain(request.body) == expectedData)
        #expect(request.body?.knownLength == Int64(expectedData.count))
    }

    @Test("read buffer sizes do not change the bytes", arguments: [1, 2, 5, 64, 65_536])
    func bufferSizes(size: Int) throws {
        var form = MultipartFormData(boundary: boundary)
        form.appendPart(string: "ä text", name: "t")
        form.appendPart(formData: Data(repeating: 7, count: 300), name: "d")
        let reference = try drain(form.body, bufferSize: 1)
        #expect(try drain(form.body, bufferSize: size) == reference)
        #expect(Int64(reference.count) == form.contentLength)
    }

    @Test(
        "file parts: name and MIME type from the extension, bytes read lazily",
        arguments: [
            ("photo.PNG", "image/png"), ("data.json", "application/json"), ("notes.txt", "text/plain"),
            ("archive.unknownext", "application/octet-stream"), ("noextension", "application/octet-stream"),
        ]
    )
    func fileParts(fileName: String, mimeType: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(fileName)
        let content = Data((0..<1000).map { UInt8($0 % 251) })
        try content.write(to: file)
        var form = MultipartFormData(boundary: boundary)
        try form.appendPart(fileURL: file, name: "upload")
        let part = try #require(form.parts.first)
        #expect(part.headers["Content-Disposition"] == "form-data; name=\"upload\"; filename=\"\(fileName)\"")
        #expect(part.headers["Content-Type"] == mimeType)
        #expect(part.length == 1000)
        let body = try drain(form.body, bufferSize: 333)
        #expect(Int64(body.count) == form.contentLength)
        #expect(body.range(of: content) != nil)
    }

    @Test("a missing, directory or non-file URL is a clear error when the part is added")
    func unreadableFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(URL, String)] = [
            (directory.appendingPathComponent("missing.bin"), "no such file"),
            (directory, "is a directory"),
            (URL(string: "http://h.test/x.png")!, "not a file URL"),
        ]
        for (fileURL, reason) in cases {
            var form = MultipartFormData()
            #expect {
                try form.appendPart(fileURL: fileURL, name: "f")
            } throws: { error in
                guard case .requestSerialization(.unreadableFile(_, let why)) = error as? SessionError else {
                    return false
                }
                return why == reason
            }
            #expect(form.isEmpty)
        }
    }

    @Test("a file that shrinks after it was added fails while streaming")
    func fileShrinks() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f.bin")
        try Data(count: 100).write(to: file)
        var form = MultipartFormData()
        try form.appendPart(fileURL: file, name: "f")
        try Data(count: 10).write(to: file)
        #expect(throws: SessionError.self) { try drain(form.body) }
    }

    @Test("input stream parts are made per attempt and read to their length")
    func inputStreamPart() throws {
        let bytes = Data((0..<500).map { UInt8($0 & 0xFF) })
        var form = MultipartFormData(boundary: boundary)
        form.appendPart(
            inputStream: { InputStream(data: bytes) },
            length: 500,
            name: "s",
            fileName: "s.bin",
            mimeType: "application/octet-stream"
        )
        let first = try drain(form.body, bufferSize: 64)
        let second = try drain(form.body, bufferSize: 100)
        #expect(first == second)
        #expect(first.range(of: bytes) != nil)
        #expect(Int64(first.count) == form.contentLength)
    }

    @Test("an empty form leaves the request without a body; GET is refused")
    func emptyFormAndGet() throws {
        let request = try HTTPRequestSerializer().multipartFormRequest(url: url, parameters: nil)
        #expect(request.body == nil)
        #expect(request.headers["Content-Type"] == nil)
        #expect(throws: SessionError.self) {
            try HTTPRequestSerializer().multipartFormRequest(method: .get, url: url, parameters: ["a": 1])
        }
    }

    @Test("random boundaries follow AF's form")
    func randomBoundary() {
        let a = MultipartFormData.randomBoundary()
        let b = MultipartFormData.randomBoundary()
        #expect(a != b)
        #expect(a.hasPrefix("Boundary+") && a.count == 25)
        #expect(a.dropFirst(9).allSatisfy { $0.isHexDigit && !$0.isLowercase })
    }

    @Test(
        "throttling maps packet size and delay to a send rate on the stream",
        arguments: [
            (16_384, Duration.milliseconds(200), Int64(81_920)), (1_000, .seconds(1), 1_000), (10, .seconds(4), 3),
        ]
    )
    func throttle(packetSize: Int, delay: Duration, expected: Int64) throws {
        var form = MultipartFormData()
        form.appendPart(string: "x", name: "x")
        #expect(form.maxSendBytesPerSecond == nil)
        form.throttleBandwidth(packetSize: packetSize, delay: delay)
        #expect(form.maxSendBytesPerSecond == expected)
        guard case .stream(_, let makeStream) = form.body else {
            Issue.record("not a stream")
            return
        }
        let stream = try #require(try makeStream() as? any BandwidthLimitedBodyStream)
        #expect(stream.maxSendBytesPerSecond == expected)
    }
}

/// AF's bandwidth throttling reaches libcurl as a send-rate limit.
@Suite struct MultipartThrottlingTests {
    @Test func throttledUploadIsSlowedToTheLimit() async throws {
        try await withFixture { server, session in
            var form = MultipartFormData()
            form.appendPart(
                fileData: Data(repeating: 0x41, count: 96 * 1024),
                name: "file",
                fileName: "a.bin",
                mimeType: "application/octet-stream"
            )
            form.throttleBandwidth(packetSize: 16 * 1024, delay: .milliseconds(500))  // 32 KiB/s
            let request = HTTPRequest(
                url: server.url("/upload"),
                method: .post,
                headers: ["Content-Type": "multipart/form-data; boundary=\(form.boundary)"],
                body: form.body
            )
            let started = ContinuousClock.now
            let response = try await session.data(for: request)
            let elapsed = ContinuousClock.now - started
            #expect(response.response.statusCode == 200)
            // 96 KiB at 32 KiB/s cannot arrive in much under 3 s whatever the machine's load;
            // unthrottled it takes milliseconds. Only the lower bound is checked.
            #expect(elapsed >= .milliseconds(2_000), "throttled upload took \(elapsed)")
        }
    }
}
