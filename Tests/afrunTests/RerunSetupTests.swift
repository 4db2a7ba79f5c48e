import FixtureServer
import Foundation
import Testing

/// `--rerun-failed` after a suite's setup or teardown failed: its tests did not fail (they were skipped, or
/// passed), yet the step was red, so the rerun must run them again, their setup and teardown with them.
@Suite(.serialized) struct RerunSetupTests {
    /// Writes `s.json`: a setup test and a teardown test whose paths are the variables `setup` and
    /// `teardown` (`get` passes, `status/500` fails), around one test that passes.
    private static func write(_ folder: SuiteFolder, _ server: FixtureServer) throws {
        try folder.write(
            "s.json",
            """
            {"name": "S", "baseURL": "\(server.httpURL.absoluteString)",
             "setup": [{"name": "login", "request": {"url": "{{setup}}"}, "expect": {"status": 200}}],
             "teardown": [{"name": "logout", "request": {"url": "{{teardown}}"}, "expect": {"status": 200}}],
             "tests": [{"name": "t", "request": {"url": "get"}, "expect": {"status": 200}}]}
            """
        )
    }

    private static func run(
        _ folder: SuiteFolder,
        setup: String,
        teardown: String = "get",
        rerun: Bool = false
    ) async throws -> AfrunProcess.Output {
        try await AfrunProcess.run(
            ["s.json", "--db", "h.sqlite", "--var", "setup=\(setup)", "--var", "teardown=\(teardown)"]
                + (rerun ? ["--rerun-failed"] : []),
            in: folder.url
        )
    }

    @Test("a suite whose setup failed last time is rerun, not 'nothing to rerun'")
    func failedSetupIsRerun() async throws {
        try await withPlainFixture { folder, server in
            try Self.write(folder, server)
            #expect(try await Self.run(folder, setup: "get").status == 0)
            let broken = try await Self.run(folder, setup: "status/500")
            #expect(broken.status == 1, "\(broken.all)")

            // Its test was skipped, so its own last outcome is still the pass before.
            let still = try await Self.run(folder, setup: "status/500", rerun: true)
            #expect(still.status == 1, "\(still.all)")
            #expect(!still.stdout.contains("nothing to rerun"), "\(still.stdout)")
            let fixed = try await Self.run(folder, setup: "get", rerun: true)
            #expect(fixed.status == 0 && fixed.stdout.contains("1 passed"), "\(fixed.all)")
            let clean = try await Self.run(folder, setup: "get", rerun: true)
            #expect(clean.status == 0 && clean.stdout.contains("nothing to rerun"), "\(clean.all)")
        }
    }

    @Test("a suite whose teardown failed last time is rerun")
    func failedTeardownIsRerun() async throws {
        try await withPlainFixture { folder, server in
            try Self.write(folder, server)
            let broken = try await Self.run(folder, setup: "get", teardown: "status/500")
            #expect(broken.status == 1, "\(broken.all)")
            let still = try await Self.run(folder, setup: "get", teardown: "status/500", rerun: true)
            #expect(still.status == 1, "\(still.all)")
            #expect(!still.stdout.contains("nothing to rerun"), "\(still.stdout)")
        }
    }
}
