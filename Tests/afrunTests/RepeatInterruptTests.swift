import FixtureServer
import Foundation
import Testing

/// SIGINT stops a later run of `--repeat` as it stops the first: every run's trap hears the signal.
@Suite(.serialized) struct RepeatInterruptTests {
    @Test func sigintDuringTheSecondRunStopsIt() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "slow.json",
                """
                {"name": "Slow", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "a", "request": {"url": "delay/500"}, "expect": {"status": 200}},
                  {"name": "b", "request": {"url": "delay/3000"}, "expect": {"status": 200}}
                ]}
                """
            )
            // Sent once the second run has finished a test: its trap is in place by then.
            let output = try await AfrunProcess.run(
                ["slow.json", "--no-history", "--repeat", "2"],
                in: folder.url,
                interruptOnOutput: "run 2 of 2\nPASS  Slow/a"
            )
            #expect(output.status == 130, "\(output.all)")
            #expect(output.stderr.contains("interrupting"), "\(output.stderr)")
        }
    }
}
