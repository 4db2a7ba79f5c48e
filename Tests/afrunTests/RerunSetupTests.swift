import FixtureServer
import Foundation
import Testing

/// `--rerun-failed` after a red run whose tests did not fail: a suite's setup or teardown failed (its tests
/// were skipped, or passed), or the run was interrupted before a test finished. The rerun must run them.
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

    @Test("a test an interrupted run did not finish is rerun, not left with its earlier pass")
    func interruptedTestIsRerun() async throws {
        try await withPlainFixture { folder, server in
            try Self.write(folder, server)
            #expect(try await Self.run(folder, setup: "get").status == 0)
            #expect(try await Self.run(folder, setup: "get").status == 0)
            // The second run was interrupted before `t` finished: recorded as skipped, reason `interrupted`, as
            // the runner records it (InterruptTests), here written into the history directly. Its pass in the
            // first run is then its latest non-skipped outcome.
            let interrupted = try await HistoryChild.sqlite(
                folder.url.appendingPathComponent("h.sqlite").path,
                """
                UPDATE results SET status = 'skipped', skip_reason = 'interrupted'
                WHERE test_id = (SELECT id FROM tests WHERE name = 't') AND run_seq = (SELECT MAX(seq) FROM runs)
                """
            )
            #expect(interrupted.status == 0, "\(interrupted.output)")
            let rerun = try await Self.run(folder, setup: "get", rerun: true)
            #expect(rerun.status == 0, "\(rerun.all)")
            #expect(rerun.stdout.contains("PASS  S/t") && rerun.stdout.contains("1 passed"), "\(rerun.stdout)")
        }
    }
}
