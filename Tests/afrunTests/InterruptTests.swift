import FixtureServer
import Foundation
import Testing

/// Ctrl-C (SIGINT) in the middle of a run: said at once, transfers cancelled, the tests not run counted as
/// skipped, and the reports marked interrupted so that CI shows red.
@Suite(.serialized) struct InterruptTests {
    @Test("the first SIGINT cancels the transfer in flight, counts the rest as skipped and marks both reports")
    func interruptCancelsAndMarks() async throws {
        try await withPlainFixture { folder, server in
            // Each slow test waits 60 s at the server: the run can only end early if the transfer is cancelled.
            let slow = (1...3).map {
                #"{"name": "slow-\#($0)", "request": {"url": "delay/60000"}, "expect": {"status": 200}}"#
            }
            try folder.write(
                "s.json",
                """
                {"name": "I", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "fast", "request": {"url": "get"}, "expect": {"status": 200}},
                \(slow.joined(separator: ",\n"))
                ]}
                """
            )
            let started = ContinuousClock.now
            let output = try await AfrunProcess.run(
                ["s.json", "--no-history", "--junit", "junit.xml", "--report-json", "report.json"],
                in: folder.url,
                interruptOnOutput: "PASS  I/fast"
            )
            let elapsed = ContinuousClock.now - started
            #expect(output.status == 130, "\(output.all)")
            #expect(elapsed < .seconds(45), "the 60 s transfer was not cancelled: \(elapsed)")
            #expect(output.stderr.contains("interrupting: cancelling "), "\(output.stderr)")
            #expect(output.stderr.contains("in flight; Ctrl-C again to stop now"), "\(output.stderr)")
            #expect(output.stdout.contains("1 passed, 0 failed, 0 errors, 3 skipped"), "\(output.stdout)")

            let junit = try String(contentsOf: folder.url.appendingPathComponent("junit.xml"), encoding: .utf8)
            #expect(junit.contains(#"<property name="afrun.interrupted" value="true"/>"#), "\(junit)")
            #expect(junit.contains(#"<testcase classname="afrun" name="run interrupted""#), "\(junit)")
            #expect(junit.contains(#"<skipped message="interrupted"#), "\(junit)")
            let data = try Data(contentsOf: folder.url.appendingPathComponent("report.json"))
            let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(report["status"] as? String == "interrupted", "\(report)")
        }
    }
}
