import FixtureServer
import Foundation
import Testing

/// `-vv` shows every test's request and response as it finishes, passing ones too: headers, bodies clipped
/// at a limit, secrets masked (every form of a secret in every position is checked by ``SecretLeakTests``).
@Suite(.serialized) struct TraceOutputTests {
    static let suite = #"""
        {"name": "Trace", "baseURL": "BASE", "tests": [
          {"name": "echo", "request": {"method": "POST", "url": "anything/t", "headers": {"X-Probe": "probe-value"},
                                      "json": {"greeting": "hello"}}, "expect": {"status": 200}},
          {"name": "long", "request": {"url": "base64/LONG"}, "expect": {"status": 200}},
          {"name": "missing", "request": {"url": "status/404"}, "expect": {"status": 200}}
        ]}
        """#

    /// A text body of 120 lines (1,560 bytes), longer than the trace's limit.
    static let longBody = String(repeating: "line of text\n", count: 120)

    static func run(_ arguments: [String], server: FixtureServer) async throws -> AfrunProcess.Output {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        let long = Data(longBody.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        try folder.write(
            "trace.json",
            suite.replacingOccurrences(of: "BASE", with: server.httpURL.absoluteString)
                .replacingOccurrences(of: "LONG", with: long)
        )
        return try await AfrunProcess.run(["trace.json", "--no-history"] + arguments, in: folder.url)
    }

    @Test func everyRequestAndResponseIsShownPassingOnesToo() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let output = try await Self.run(["-vv"], server: server)
            #expect(output.status == 1, "\(output.all)")
            let out = output.stdout
            // The passing test's trace comes right under its line, before the next test's.
            let echo = try #require(out.range(of: "PASS  Trace/echo"))
            let long = try #require(out.range(of: "PASS  Trace/long"))
            let trace = String(out[echo.upperBound..<long.lowerBound])
            for line in [
                "  > POST \(server.httpURL.absoluteString)/anything/t", "  > X-Probe: probe-value",
                #"  > {"greeting":"hello"}"#, "  < 200 HTTP/1.1", #""X-Probe":"probe-value""#,
            ] {
                #expect(trace.contains(line), "\(line) in \(trace)")
            }
            // A long body is clipped, and says so.
            let longTrace = String(out[long.upperBound...])
            #expect(longTrace.contains("  < line of text"))
            #expect(longTrace.contains("… clipped at 1024 characters, 1560 bytes in all"), "\(longTrace)")
            #expect(longTrace.components(separatedBy: "line of text").count - 1 < 120)
            // The failing test is traced as it finishes too, and listed with the failures after the run.
            #expect(out.contains("FAIL Trace/missing"))
            #expect(out.contains("  < 404 HTTP/1.1"))
            #expect(out.contains("Failures:"))
        }
    }

    @Test func oneVShowsOnlyFailures() async throws {
        try await withFixtureServer(SecretLeakTests.httpOnly()) { server in
            let output = try await Self.run(["-v"], server: server)
            #expect(!output.stdout.contains("> X-Probe"), "\(output.stdout)")
            #expect(output.stdout.contains("FAIL Trace/missing"))
        }
    }
}
