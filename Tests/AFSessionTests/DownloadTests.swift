import FixtureServer
import Foundation
import Testing

@testable import AFSession

/// Downloads stream to a temporary file, then move to the destination.
struct DownloadTests {
    @Test func hundredMebibyteDownloadLandsOnDiskWithTheRightDigest() async throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = 100 << 20
        try await withFixture { server, session in
            let target = directory.appendingPathComponent("big.bin")
            let url = server.url("/bytes/\(size)")
            let response = try await session.download(for: HTTPRequest(url: url)) { _, _ in target }
            #expect(response.fileURL == target)
            let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
            #expect((attributes[.size] as? NSNumber)?.intValue == size)
            #expect(response.metrics.responseBodyBytes == Int64(size))
            #expect(try sha256Hex(ofFile: target) == FixtureServer.bytesSHA256(count: size))
        }
    }

    @Test func destinationReplacesAnExistingFileAndGetsTheResponse() async throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.bin")
        try Data("old".utf8).write(to: target)
        try await withFixture { server, session in
            let seen = Collector<Int>()
            let response = try await session.download(for: HTTPRequest(url: server.url("/bytes/4096"))) {
                temporary,
                response in
                seen.append(response.statusCode)
                #expect(FileManager.default.fileExists(atPath: temporary.path))
                return target
            }
            #expect(seen.values == [200])
            #expect(try Data(contentsOf: response.fileURL).count == 4096)
        }
    }

    @Test func cancelMidDownloadFailsWithCancelledAndRemovesTheTemporaryFile() async throws {
        try await withFixture { server, session in
            let task = session.downloadTask(with: HTTPRequest(url: server.url("/drip?numbytes=100&duration=120")))
            let progress = task.downloadProgress
            task.resume()
            for await value in progress where value.completedBytes > 0 { break }
            #expect(session.downloadTasks == [task])
            task.cancel()
            do {
                _ = try await task.downloadResponse()
                Issue.record("a cancelled download must not succeed")
            } catch {
                guard case .cancelled? = error as? SessionError else {
                    Issue.record("expected .cancelled, got \(error)")
                    return
                }
            }
            #expect(session.downloadTasks.isEmpty)
            let temporary = try #require(task.temporaryFileURL)
            #expect(!FileManager.default.fileExists(atPath: temporary.path))
        }
    }

    @Test func downloadProgressReachesTheTotal() async throws {
        try await withFixture { server, session in
            let seen = Collector<TransferProgress>()
            let task = session.downloadTask(
                with: HTTPRequest(url: server.url("/bytes/\(4 << 20)")),
                progress: { seen.append($0) },
                completionHandler: nil
            )
            task.resume()
            let response = try await task.downloadResponse()
            defer { try? FileManager.default.removeItem(at: response.fileURL) }
            try await Task.sleep(for: .milliseconds(100))
            #expect(seen.values.last?.completedBytes == Int64(4 << 20))
            #expect(seen.values.last?.fractionCompleted == 1)
        }
    }
}
