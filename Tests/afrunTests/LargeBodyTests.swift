import FixtureServer
import Foundation
import TestSupport
import Testing

/// A body far larger than memory should hold: `bytes` and `sha256` stream over it, and the process
/// stays small.
@Suite struct LargeBodyTests {
    /// `/bytes/1073741824` (seed 0): its SHA-256, computed once with `curl -s URL | sha256sum`.
    private static let gibibyteSHA256 = "614fca74fb317f993d2a562fb5425e0658a182dd123ba7f7c6eb34c14405d510"

    @Test(.timeLimit(.minutes(5))) func aGibibyteBodyIsCountedAndHashedInFlatMemory() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "big.json",
                """
                {"name": "big", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "1 GiB", "request": {"url": "bytes/1073741824", "timeout": 600},
                   "expect": {"status": 200, "body": {"bytes": {"equals": 1073741824}, "sha256": "\(Self.gibibyteSHA256)"}}}
                ]}
                """
            )
            let (status, peakKiB) = try await Self.runMeasuringPeak(
                ["run", "big.json", "--no-history"],
                in: folder.url
            )
            // A debug-built server on a loaded machine can take a minute for the gibibyte: hence the timeout.
            #expect(status == 0)
            #expect(peakKiB > 0)
            #expect(peakKiB < 64 * 1024, "peak RSS \(peakKiB) KiB")
        }
    }

    @Test func aBodyPastMaxBodyBytesFailsOnlyTheAssertionsThatReadIt() async throws {
        try await withPlainFixture { folder, server in
            let sha = FixtureServer.bytesSHA256(count: 100_000)
            try folder.write(
                "s.json",
                """
                {"name": "s", "baseURL": "\(server.httpURL.absoluteString)", "defaults": {"maxBodyBytes": 1000}, "tests": [
                  {"name": "whole", "request": {"url": "bytes/100000"},
                   "expect": {"body": {"bytes": {"equals": 100000}, "sha256": "\(sha)"}}},
                  {"name": "text", "request": {"url": "bytes/100000"}, "expect": {"body": {"contains": "x"}}},
                  {"name": "raised", "request": {"url": "json", "maxBodyBytes": 100000}, "expect": {"json": [{"path": "$.library.open", "equals": true}]}},
                  {"name": "json", "request": {"url": "json", "maxBodyBytes": 100}, "expect": {"json": [{"path": "$.library.open", "equals": true}]}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--max-body", "10"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("PASS  s/whole"), "\(output.stdout)")
            #expect(output.stdout.contains("PASS  s/raised"), "\(output.stdout)")
            #expect(output.stdout.contains("FAIL  s/text"))
            #expect(output.stdout.contains("FAIL  s/json"))
            #expect(
                output.stdout.contains("body: the body is 100000 bytes, more than maxBodyBytes (1000)"),
                "\(output.stdout)"
            )
            #expect(output.stdout.contains("$.library.open: the body is"), "\(output.stdout)")
        }
    }

    /// 1 GiB of zeros in under a KiB of brotli: the limit is on the decoded bytes, and the message says so,
    /// with the bytes the server sent, so a decompression bomb is not read as a gibibyte download.
    @Test(.timeLimit(.minutes(5))) func aCompressedBodyPastTheLimitGivesBothSizes() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "s", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "bomb", "request": {"url": "brotli-bomb/1", "timeout": 600}, "expect": {"body": {"contains": "x"}}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--max-body", "1k"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            let lead = "body: the decoded body is 1073741824 bytes, more than maxBodyBytes (1024); the server sent "
            let line = try #require(
                output.stdout.split(separator: "\n").first { $0.contains(lead) },
                "\(output.stdout)"
            )
            let rest = line[line.range(of: lead)!.upperBound...]
            let sent = try #require(Int(rest.prefix { $0.isNumber }), "\(line)")
            #expect((1..<4096).contains(sent), "\(line)")
            #expect(
                rest.contains(" bytes (Content-Encoding: br): raise `maxBodyBytes` in the test's request"),
                "\(line)"
            )
        }
    }

    @Test func maxBodyTakesUnitsAsCurlDoes() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "s", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "small", "request": {"url": "bytes/1024"}, "expect": {"body": {"matches": "^"}}},
                  {"name": "large", "request": {"url": "bytes/1025"}, "expect": {"body": {"matches": "^"}}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--max-body", "1k"],
                in: folder.url
            )
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("PASS  s/small"), "\(output.stdout)")
            #expect(output.stdout.contains("more than maxBodyBytes (1024)"), "\(output.stdout)")
            let bad = try await AfrunProcess.run(
                ["run", "s.json", "--no-history", "--max-body", "64MB?"],
                in: folder.url
            )
            #expect(bad.status == 64, "\(bad.all)")
            #expect(bad.stderr.contains("--max-body"), "\(bad.stderr)")
        }
    }

    /// Runs afrun and reads its peak resident set (`VmHWM`, KiB) from /proc while it runs: the peak
    /// only grows, so the last reading before it exits is the run's.
    private static func runMeasuringPeak(_ arguments: [String], in directory: URL) async throws -> (Int32, Int) {
        let process = ChildProcess()
        process.executableURL = try AfrunProcess.executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let pid = process.processIdentifier
        var peak = 0
        while process.isRunning {
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            {
                peak = max(peak, kib)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        await process.waitUntilExit()
        return (process.terminationStatus, peak)
    }
}
