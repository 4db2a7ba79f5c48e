import AFHistory
import AFRunner
import Foundation

/// Builds known history content without a network: runs and results as values.
enum HistoryFixtures {
    /// A fresh database path in its own temporary folder (the folder does not exist yet).
    static func databasePath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-history-\(UUID().uuidString)")
        return folder.appendingPathComponent("nested/history.sqlite").path
    }

    static func identity(_ test: String, suite: String = "Users") -> TestIdentity {
        TestIdentity(suiteFile: "suites/\(suite.lowercased()).json", suiteName: suite, testName: test)
    }

    static func run(_ id: String = UUID().uuidString, at seconds: TimeInterval = 0) -> RunInfo {
        RunInfo(
            id: id,
            startedAt: Date(timeIntervalSince1970: 1_800_000_000 + seconds),
            commandLine: ["afrun", "run", "suites", "--token", "s3cr3t"],
            host: "ci-host",
            afrunVersion: "0.1.0",
            libcurlVersion: "7.88.1",
            opensslVersion: "3.0.15",
            gitCommit: "abc123",
            gitBranch: "main"
        )
    }

    static func timings(total: Double) -> TimingSummary {
        TimingSummary(
            dnsMs: total * 0.1,
            connectMs: total * 0.1,
            tlsMs: total * 0.2,
            waitMs: total * 0.3,
            ttfbMs: total * 0.7,
            downloadMs: total * 0.3,
            totalMs: total,
            redirectMs: 0,
            queueMs: nil,
            redirectCount: 0,
            connectionReused: false,
            requestBytes: 120,
            responseBytes: 480
        )
    }

    static func result(
        _ identity: TestIdentity,
        _ status: TestStatus,
        ms: Double = 10,
        attempts: Int = 1,
        line: Int = 7
    ) -> TestResult {
        let failing = status == .failed
        let assertion = AssertionResult(
            kind: "status",
            target: nil,
            predicate: "equals",
            expected: "200",
            actual: failing ? "500" : "200",
            passed: !failing,
            message: failing ? "status: expected 200, got 500" : "status is 200"
        )
        return TestResult(
            identity: identity,
            line: line,
            status: status,
            attempts: attempts,
            startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            durationMs: ms,
            assertions: status == .error || status == .skipped ? [] : [assertion],
            error: status == .error
                ? TestErrorInfo(kind: "cannotConnect", message: "connection refused", curlCode: 7) : nil,
            skipReason: status == .skipped ? "skip: true" : nil,
            request: RequestSummary(
                method: "GET",
                url: "https://api.test/users/1",
                headers: [HeaderField(name: "Accept", value: "*/*")]
            ),
            response: status == .error || status == .skipped
                ? nil
                : ResponseSummary(
                    status: failing ? 500 : 200,
                    httpVersion: "HTTP/1.1",
                    headers: [],
                    bodyExcerpt: "{}",
                    bodyBytes: 2,
                    remoteIP: "127.0.0.1",
                    remotePort: 8443
                ),
            timings: status == .error || status == .skipped ? nil : timings(total: ms)
        )
    }

    /// Records a whole run: start, the results, finish (complete).
    @discardableResult
    static func record(
        _ store: some ResultSink,
        _ results: [TestResult],
        id: String = UUID().uuidString
    ) async throws -> RunInfo {
        let run = run(id)
        try await store.runDidStart(run)
        for result in results { try await store.record(result, in: run) }
        let count = { (status: TestStatus) in results.filter { $0.status == status }.count }
        try await store.runDidFinish(
            run,
            summary: RunSummary(
                passed: count(.passed),
                failed: count(.failed),
                errors: count(.error),
                skipped: count(.skipped),
                durationMs: 100
            ),
            status: .complete
        )
        return run
    }

    /// Removes the database's folder.
    static func remove(_ path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
        try? FileManager.default.removeItem(at: folder)
    }
}
