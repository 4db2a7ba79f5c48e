import FixtureServer
import Foundation
import Testing

/// A CI pipeline's shards, re-run: the split must not move a test between the first attempt and the re-run
/// of a shard job, and `--rerun-failed` must not turn a step green without having run anything.
@Suite(.serialized) struct ShardRerunTests {
    /// Writes `s.json` (a parallel suite: each test a unit of the split) with tests a, b, c, d, where `failing`
    /// asks for a 500 and expects a 200, and records one earlier pipeline's run of it into `h.sqlite` with the
    /// durations a 400 ms, b 300, c 200, d 100: two shards then hold {a, d} and {b, c}.
    static func seed(_ folder: SuiteFolder, _ server: FixtureServer, failing: String?) async throws {
        let tests = ["a", "b", "c", "d"].map { name in
            let url = name == failing ? "status/500" : "get"
            return #"{"name": "\#(name)", "request": {"url": "\#(url)"}, "expect": {"status": 200}}"#
        }
        try folder.write(
            "s.json",
            """
            {"name": "S", "baseURL": "\(server.httpURL.absoluteString)", "parallel": true, "tests": [
            \(tests.joined(separator: ",\n"))
            ]}
            """
        )
        let earlier = try await AfrunProcess.run(
            ["s.json", "--db", "h.sqlite", "--run-group", "earlier"],
            in: folder.url
        )
        #expect(earlier.status == (failing == nil ? 0 : 1), "\(earlier.all)")
        try await setDurations(folder, ["a": 400, "b": 300, "c": 200, "d": 100], group: "earlier")
    }

    /// Sets the recorded durations of the tests of the runs of `group`.
    static func setDurations(_ folder: SuiteFolder, _ durations: [String: Int], group: String) async throws {
        let cases = durations.map { "WHEN '\($0.key)' THEN \($0.value)" }.joined(separator: " ")
        let update = try await HistoryChild.sqlite(
            folder.url.appendingPathComponent("h.sqlite").path,
            """
            UPDATE results SET duration_ms = (SELECT CASE name \(cases) END FROM tests WHERE tests.id = results.test_id)
            WHERE run_seq IN (SELECT seq FROM runs WHERE run_group = '\(group)')
            """
        )
        #expect(update.status == 0, "\(update.output)")
    }

    /// `afrun run s.json --db h.sqlite --run-group G` with more flags.
    static func run(_ folder: SuiteFolder, _ flags: [String]) async throws -> AfrunProcess.Output {
        try await AfrunProcess.run(["s.json", "--db", "h.sqlite", "--run-group", "G"] + flags, in: folder.url)
    }

    @Test("a re-run of a shard job runs the tests its first attempt ran, whatever that attempt recorded")
    func reRunOfShardKeepsItsTests() async throws {
        try await withPlainFixture { folder, server in
            try await Self.seed(folder, server, failing: "d")
            // The first attempt of pipeline G: shard 1 records first, and shard 2 must not read its run.
            let first = try await Self.run(folder, ["--shard", "1/2"])
            #expect(first.status == 1, "\(first.all)")
            #expect(
                first.stdout.contains("FAIL  S/d") && first.stdout.contains("1 passed, 1 failed"),
                "\(first.stdout)"
            )
            let second = try await Self.run(folder, ["--shard", "2/2"])
            #expect(second.status == 0, "\(second.all)")
            #expect(second.stdout.contains("2 passed, 0 failed"), "\(second.stdout)")
            #expect(!second.stdout.contains("S/a") && !second.stdout.contains("S/d"), "\(second.stdout)")

            // The re-run restores a history holding the first attempt's runs, whose durations would put d on
            // shard 2 (a 700 ms, b 300, c 200, d 50.5 as medians): shard 1 must still run d, and fail.
            try await Self.setDurations(folder, ["a": 1000, "b": 300, "c": 200, "d": 1], group: "G")
            let again = try await Self.run(folder, ["--shard", "1/2"])
            #expect(again.status == 1, "\(again.all)")
            #expect(again.stdout.contains("FAIL  S/d"), "\(again.stdout)")
        }
    }

    @Test("--rerun-failed with --shard reruns each failure on the shard that ran it")
    func rerunFailedStaysOnItsShard() async throws {
        try await withPlainFixture { folder, server in
            try await Self.seed(folder, server, failing: "c")
            #expect(try await Self.run(folder, ["--shard", "1/2"]).status == 0)
            let failed = try await Self.run(folder, ["--shard", "2/2"])
            #expect(failed.status == 1 && failed.stdout.contains("FAIL  S/c"), "\(failed.all)")

            // c alone, split on its own, would go to shard 1, which has nothing to rerun.
            let rerun = try await Self.run(folder, ["--shard", "2/2", "--rerun-failed"])
            #expect(rerun.status == 1, "\(rerun.all)")
            #expect(
                rerun.stdout.contains("FAIL  S/c") && rerun.stdout.contains("0 passed, 1 failed"),
                "\(rerun.stdout)"
            )
            let other = try await Self.run(folder, ["--shard", "1/2", "--rerun-failed"])
            #expect(other.status == 0, "\(other.all)")
            #expect(other.stdout.contains("nothing to rerun"), "\(other.stdout)")
        }
    }

    @Test("--rerun-failed with a history that knows no selected test runs every selected test")
    func rerunFailedWithoutVerdictRunsAll() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "S", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "bad", "request": {"url": "status/500"}, "expect": {"status": 200}}
                ]}
                """
            )
            let fresh = try await AfrunProcess.run(["s.json", "--db", "new.sqlite", "--rerun-failed"], in: folder.url)
            #expect(fresh.status == 1, "\(fresh.all)")
            #expect(fresh.stdout.contains("1 passed, 1 failed"), "\(fresh.stdout)")
            #expect(
                fresh.stderr.contains(
                    "warning: --rerun-failed: the history 'new.sqlite' holds no result of any selected test, so every selected test runs"
                ),
                "\(fresh.stderr)"
            )
            // A filter that selects nothing is not "nothing to rerun": nothing was selected (exit 4).
            let none = try await AfrunProcess.run(
                ["s.json", "--db", "other.sqlite", "--rerun-failed", "--filter", "S/missing"],
                in: folder.url
            )
            #expect(none.status == 4, "\(none.all)")
            #expect(none.stderr.contains("no test selected"), "\(none.stderr)")
        }
    }

    @Test("a shard that cannot read the history's durations says it splits by count")
    func unreadableHistoryIsSaid() async throws {
        try await withPlainFixture { folder, server in
            try await Self.seed(folder, server, failing: "d")
            // Nobody listens on the discard port: the shared history cannot be read (the run is spooled).
            let output = try await AfrunProcess.run(
                ["s.json", "--db", "postgres://afrun:pw@127.0.0.1:9/h", "--history-timeout", "1", "--shard", "1/2"],
                in: folder.url
            )
            #expect(
                output.stderr.contains(
                    "warning: --shard 1/2: this shard splits by test count, unlike shards that read the history's durations"
                ),
                "\(output.stderr)"
            )
            #expect(!output.all.contains("pw@"), "\(output.all)")
        }
    }
}
