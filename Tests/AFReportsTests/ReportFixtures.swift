import AFHistory
import AFReports
import AFRunner
import Foundation
import TestSupport

/// A small run with every kind of outcome, for the reporters.
enum ReportFixtures {
    static let secret = "tok-5e6f7a8b"

    static let run = RunInfo(
        id: "9d1c0e2a-1111-2222-3333-444455556666",
        startedAt: Date(timeIntervalSince1970: 1_800_000_000),
        commandLine: ["afrun", "run", "--header", "Authorization: Bearer \(secret)"],
        host: "ci-runner-1",
        afrunVersion: "0.1.0",
        libcurlVersion: "7.88.1",
        opensslVersion: "3.0.15",
        gitCommit: "0123abcd",
        shard: "1/2"
    )

    static let summary = RunSummary(
        passed: 2,
        failed: 1,
        errors: 1,
        skipped: 1,
        durationMs: 1234.5,
        p50Ms: 12,
        p95Ms: 80
    )

    static func identity(
        _ test: String,
        suite: String = "Users & <Admins>",
        file: String = "suites/users.json"
    ) -> TestIdentity {
        TestIdentity(suiteFile: file, suiteName: suite, testName: test)
    }

    static let timings = TimingSummary(
        dnsMs: 1,
        connectMs: 2,
        tlsMs: 3,
        waitMs: 4,
        ttfbMs: 10,
        downloadMs: 2,
        totalMs: 12,
        redirectMs: 0,
        queueMs: nil,
        redirectCount: 0,
        connectionReused: false,
        requestBytes: 100,
        responseBytes: 200
    )

    static var results: [TestResult] {
        let request = RequestSummary(
            method: "GET",
            url: "https://api.test/users?token=\(secret)",
            headers: [HeaderField(name: "Authorization", value: "Bearer \(secret)")]
        )
        let response = ResponseSummary(
            status: 404,
            httpVersion: "HTTP/2",
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            bodyExcerpt: "{\"error\": \"not found\"}\u{1}",
            bodyBytes: 22,
            remoteIP: "127.0.0.1",
            remotePort: 8443
        )
        let all = [
            TestResult(identity: identity("lists users"), line: 5, status: .passed, durationMs: 12, timings: timings),
            TestResult(
                identity: identity("gets \"one\" user"),
                line: 18,
                status: .failed,
                attempts: 2,
                durationMs: 30,
                assertions: [
                    AssertionResult(
                        kind: "status",
                        target: nil,
                        predicate: "equals",
                        expected: "200",
                        actual: "404",
                        passed: false,
                        message: "status: expected 200, got 404"
                    ),
                    AssertionResult(
                        kind: "json",
                        target: "$.id",
                        predicate: "equals",
                        expected: "42",
                        actual: nil,
                        passed: false,
                        message: "$.id: expected 42, got nothing"
                    ),
                ],
                request: request,
                response: response,
                timings: timings
            ),
            TestResult(
                identity: identity("passes after retry"),
                line: 30,
                status: .passed,
                attempts: 3,
                durationMs: 50,
                timings: timings
            ),
            TestResult(
                identity: identity("pinned", suite: "TLS", file: "suites/tls.json"),
                line: 4,
                status: .error,
                durationMs: 8,
                error: TestErrorInfo(kind: "tlsRejected", message: "certificate pin mismatch", curlCode: 60),
                tls: TLSSummary(
                    protocolVersion: "TLSv1.3",
                    cipher: "TLS_AES_128_GCM_SHA256",
                    chainPins: ["sha256//AAAA"],
                    leafSubject: "CN=localhost",
                    leafNotAfter: nil,
                    trusted: false,
                    rejectionReason: "pinMismatch"
                )
            ),
            TestResult(
                identity: identity("later", suite: "TLS", file: "suites/tls.json"),
                line: 9,
                status: .skipped,
                skipReason: "skip: true in the suite"
            ),
        ]
        return all.map { result in
            var fixed = result
            fixed.startedAt = run.startedAt
            return fixed
        }
    }

    /// Feeds the run through a sink.
    static func feed(_ sink: some ResultSink, status: RunStatus = .complete) async throws {
        try await sink.runDidStart(run)
        for result in results { try await sink.record(result, in: run) }
        try await sink.runDidFinish(run, summary: summary, status: status)
    }

    static func temporaryFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("afrun-reports-\(UUID().uuidString)/\(name)").path
    }

    /// A new history store in a temporary folder of its own (`removeTemporaryFile(path)` removes it).
    static func temporaryHistory() async throws -> (store: HistoryStore, path: String) {
        let path = temporaryFile("h.sqlite")
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
            withIntermediateDirectories: true
        )
        return (try await HistoryStore.open(path: path), path)
    }

    /// Removes the folder `temporaryFile` made for `path`.
    static func removeTemporaryFile(_ path: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// The repository root (for fixtures/), from this file's location.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs a tool, returning its exit status and combined output.
    static func run(_ tool: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        return try await process.output(includingErrors: true)
    }
}
