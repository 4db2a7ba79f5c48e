import FixtureServer
import Foundation
import Testing

/// `--rerun-failed` in a pipeline (a run group): a job that died before recording its tests must rerun them,
/// though the history holds passes of theirs from earlier pipelines; a test the job does not select never runs.
@Suite(.serialized) struct RerunGroupTests {
    @Test("a shard job that recorded nothing reruns its tests, not 'nothing to rerun'")
    func deadShardIsRerun() async throws {
        try await withPlainFixture { folder, server in
            // An earlier pipeline passed a, b, c, d; in pipeline G shard 1 ({a, d}) recorded, shard 2 ({b, c}) died.
            try await ShardRerunTests.seed(folder, server, failing: nil)
            let first = try await ShardRerunTests.run(folder, ["--shard", "1/2"])
            #expect(first.status == 0 && first.stdout.contains("2 passed, 0 failed"), "\(first.all)")

            let rerun = try await ShardRerunTests.run(folder, ["--shard", "2/2", "--rerun-failed"])
            #expect(rerun.status == 0, "\(rerun.all)")
            #expect(!rerun.stdout.contains("nothing to rerun"), "\(rerun.stdout)")
            #expect(
                rerun.stdout.contains("PASS  S/b") && rerun.stdout.contains("PASS  S/c")
                    && rerun.stdout.contains("2 passed, 0 failed"),
                "\(rerun.stdout)"
            )
            #expect(
                rerun.stderr.contains(
                    "warning: --rerun-failed: 2 selected tests have no result in the run group 'G', so they run too"
                ),
                "\(rerun.stderr)"
            )
            // Now recorded: both shards have this pipeline's verdict, a pass.
            for shard in ["1/2", "2/2"] {
                let again = try await ShardRerunTests.run(folder, ["--shard", shard, "--rerun-failed"])
                #expect(again.status == 0, "\(again.all)")
                #expect(
                    again.stdout.contains(
                        "nothing to rerun: no selected test failed or errored the last time it ran in the run group 'G'"
                    ),
                    "\(again.stdout)"
                )
            }
        }
    }

    @Test("a pipeline the history holds no run of reruns every test its job selects")
    func unrecordedPipelineRunsAll() async throws {
        try await withPlainFixture { folder, server in
            try await ShardRerunTests.seed(folder, server, failing: nil)
            // Pipeline H recorded nothing into this history (every job died, or saved elsewhere).
            let rerun = try await AfrunProcess.run(
                ["s.json", "--db", "h.sqlite", "--shard", "2/2", "--rerun-failed"],
                in: folder.url,
                environment: ["GITHUB_RUN_ID": "H"]
            )
            #expect(rerun.status == 0, "\(rerun.all)")
            #expect(rerun.stdout.contains("2 passed, 0 failed"), "\(rerun.stdout)")
            #expect(!rerun.stdout.contains("S/a") && !rerun.stdout.contains("S/d"), "\(rerun.stdout)")
            #expect(
                rerun.stderr.contains(
                    "warning: --rerun-failed: the history 'h.sqlite' holds no run of the run group 'H', so every selected test runs"
                ),
                "\(rerun.stderr)"
            )
        }
    }

    @Test("jobs that select differently: each reruns only its own tests that have no verdict in the pipeline")
    func jobsWithOtherSelectionsStayApart() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "S", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "api one", "tags": ["api"], "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "api two", "tags": ["api"], "request": {"url": "{{two}}"}, "expect": {"status": 200}},
                  {"name": "ui one", "tags": ["ui"], "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            func job(_ group: String, _ flags: [String], two: String = "get") async throws -> AfrunProcess.Output {
                try await AfrunProcess.run(
                    ["s.json", "--db", "h.sqlite", "--run-group", group, "--var", "two=\(two)"] + flags,
                    in: folder.url
                )
            }
            #expect(try await job("earlier", []).status == 0)
            // Pipeline G: the api job fails `api two`; the ui job dies before recording anything.
            let api = try await job("G", ["--tag", "api"], two: "status/500")
            #expect(api.status == 1, "\(api.all)")

            let apiRerun = try await job("G", ["--tag", "api", "--rerun-failed"], two: "status/500")
            #expect(apiRerun.status == 1, "\(apiRerun.all)")
            #expect(apiRerun.stdout.contains("0 passed, 1 failed"), "\(apiRerun.stdout)")
            #expect(!apiRerun.stdout.contains("ui one") && !apiRerun.stdout.contains("api one"), "\(apiRerun.stdout)")
            #expect(!apiRerun.stderr.contains("no result in the run group"), "\(apiRerun.stderr)")

            let uiRerun = try await job("G", ["--tag", "ui", "--rerun-failed"])
            #expect(uiRerun.status == 0, "\(uiRerun.all)")
            #expect(
                uiRerun.stdout.contains("PASS  S/ui one") && uiRerun.stdout.contains("1 passed"),
                "\(uiRerun.stdout)"
            )
            #expect(!uiRerun.stdout.contains("api"), "\(uiRerun.stdout)")
        }
    }

    @Test("a test --fail-fast kept from running in the pipeline reruns with the failure")
    func failFastSkipsAreRerun() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "S", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "one", "request": {"url": "{{one}}"}, "expect": {"status": 200}},
                  {"name": "two", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "three", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            func run(_ one: String, _ flags: [String]) async throws -> AfrunProcess.Output {
                try await AfrunProcess.run(
                    ["s.json", "--db", "h.sqlite", "--run-group", "G", "--var", "one=\(one)"] + flags,
                    in: folder.url
                )
            }
            // A sequential suite: `one` fails, and --fail-fast skips `two` and `three` after it.
            let stopped = try await run("status/500", ["--fail-fast"])
            #expect(stopped.status == 1 && stopped.stdout.contains("0 passed, 1 failed"), "\(stopped.all)")

            let rerun = try await run("get", ["--rerun-failed"])
            #expect(rerun.status == 0, "\(rerun.all)")
            #expect(rerun.stdout.contains("3 passed, 0 failed"), "\(rerun.stdout)")
        }
    }
}
