import AFSession
import FixtureServer
import Foundation
import Testing

/// The last progress report holds every byte that moved, also when no length was announced.
@Suite struct ProgressTests {
    /// `/stream/{n}` is chunked: no `Content-Length`, so no report is "finished" by its count. A small
    /// body arrives in one read, within 20 ms of the report of 0 bytes, and the limit held its count back.
    @Test func downloadProgressStreamEndsOnTheWholeChunkedBody() async throws {
        try await withFixture { server, session in
            let task = session.dataTask(with: HTTPRequest(url: server.url("/stream/3")))
            let progress = task.downloadProgress
            task.resume()
            var last: TransferProgress?
            for await value in progress { last = value }
            let response = try await task.dataResponse()
            #expect(response.response.headers["Content-Length"] == nil)
            #expect(response.data.count > 100)
            #expect(last?.completedBytes == Int64(response.data.count))
            #expect(last?.totalBytes == nil)
        }
    }

    /// Progress closures and the completion handler share the serial completion queue, and the last
    /// report is queued before the outcome: the handler sees it already.
    @Test func downloadProgressClosureSeesTheWholeChunkedBodyBeforeCompletion() async throws {
        try await withFixture { server, session in
            let seen = Collector<TransferProgress>()
            let result: (Result<DataResponse, SessionError>, TransferProgress?) = await withCheckedContinuation {
                continuation in
                session.dataTask(
                    with: HTTPRequest(url: server.url("/stream/3")),
                    downloadProgress: { seen.append($0) },
                    completionHandler: { continuation.resume(returning: ($0, seen.values.last)) }
                ).resume()
            }
            let response = try result.0.get()
            #expect(result.1?.completedBytes == Int64(response.data.count))
        }
    }

    /// A body of unknown length goes chunked; libcurl's upload count includes the chunks' framing
    /// (`3e8\r\n` … `\r\n`), which is not the caller's body.
    @Test func chunkedUploadProgressEndsOnTheBodyLength() async throws {
        try await withFixture { server, session in
            let task = session.dataTask(
                with: HTTPRequest(
                    url: server.url("/post"),
                    method: .post,
                    headers: ["Content-Type": "application/octet-stream"],
                    body: .stream(length: nil) { CountingStream(total: 50_000) }
                )
            )
            let progress = task.uploadProgress
            task.resume()
            var values: [TransferProgress] = []
            for await value in progress { values.append(value) }
            let response = try await task.dataResponse()
            #expect(response.metrics.requestBodyBytes == 50_000)
            #expect(values.last?.completedBytes == 50_000)
            #expect(values.allSatisfy { $0.completedBytes <= 50_000 })
        }
    }
}
