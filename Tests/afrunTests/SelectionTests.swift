import FixtureServer
import Foundation
import Testing

/// How the selection flags (`--filter`, `--shard`) meet the history and the captures.
@Suite(.serialized) struct SelectionTests {
    @Test("a selected test using a capture of a test --filter left out names that test")
    func leftOutCaptureNamesItsTest() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "C", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "login", "request": {"url": "uuid"}, "capture": {"token": {"json": "$.uuid"}}},
                  {"name": "use", "request": {"url": "anything/{{token}}"}, "expect": {"status": 200}}
                ]}
                """
            )
            let output = try await AfrunProcess.run(["s.json", "--no-history", "--filter", "C/use"], in: folder.url)
            #expect(output.status == 1, "\(output.all)")
            #expect(output.stdout.contains("undefined variable 'token': test 'login' captures it"), "\(output.stdout)")
        }
    }

    @Test("--shard with --no-history reads no history: the split is by test count")
    func shardWithoutHistorySplitsByCount() async throws {
        try await withPlainFixture { folder, server in
            // One slow test and three fast ones: balanced by recorded durations, shard 1 of 2 holds the slow
            // test alone; by count, it holds two tests.
            try folder.write(
                "s.json",
                """
                {"name": "S", "baseURL": "\(server.httpURL.absoluteString)", "parallel": true, "tests": [
                  {"name": "a", "request": {"url": "delay/1500"}, "expect": {"status": 200}},
                  {"name": "b", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "c", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "d", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            let recorded = try await AfrunProcess.run(["s.json", "--db", "h.sqlite"], in: folder.url)
            #expect(recorded.status == 0, "\(recorded.all)")
            let balanced = try await AfrunProcess.run(["s.json", "--db", "h.sqlite", "--shard", "1/2"], in: folder.url)
            #expect(balanced.stdout.contains("1 passed"), "by durations: \(balanced.stdout)")
            let counted = try await AfrunProcess.run(
                ["s.json", "--db", "h.sqlite", "--no-history", "--shard", "1/2"],
                in: folder.url
            )
            #expect(counted.status == 0, "\(counted.all)")
            #expect(counted.stdout.contains("2 passed"), "by count: \(counted.stdout)")
        }
    }

    @Test("--shard keeps a sequential suite on one shard: its captures reach the tests after")
    func shardKeepsSequentialSuiteTogether() async throws {
        try await withPlainFixture { folder, server in
            let base = server.httpURL.absoluteString
            try folder.write(
                "a.json",
                """
                {"name": "A", "baseURL": "\(base)", "parallel": true, "tests": [
                  {"name": "x", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "y", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            try folder.write(
                "c.json",
                """
                {"name": "C", "baseURL": "\(base)", "tests": [
                  {"name": "login", "request": {"url": "uuid"}, "capture": {"token": {"json": "$.uuid"}}},
                  {"name": "use", "request": {"url": "anything/{{token}}"}, "expect": {"status": 200}}
                ]}
                """
            )
            var passed = 0
            for shard in ["1/2", "2/2"] {
                let output = try await AfrunProcess.run(
                    ["a.json", "c.json", "--no-history", "--shard", shard],
                    in: folder.url
                )
                #expect(output.status == 0, "shard \(shard): \(output.all)")
                #expect(output.stdout.contains("2 passed, 0 failed, 0 errors"), "shard \(shard): \(output.stdout)")
                if output.stdout.contains("PASS  C/login") { #expect(output.stdout.contains("PASS  C/use")) }
                passed += output.stdout.contains("2 passed") ? 2 : 0
            }
            #expect(passed == 4, "the shards together run every test once")
        }
    }

    @Test("--rerun-failed finds the failures whichever spelling of the suites' path the runs used")
    func rerunFailedAcrossPathSpellings() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "suites/s.json",
                """
                {"name": "S", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}},
                  {"name": "bad", "request": {"url": "status/500"}, "expect": {"status": 200}}
                ]}
                """
            )
            let first = try await AfrunProcess.run(["./suites", "--db", "h.sqlite"], in: folder.url)
            #expect(first.status == 1, "\(first.all)")
            for spelling in ["suites", "suites/", folder.url.path + "/suites", "suites/s.json"] {
                let rerun = try await AfrunProcess.run(
                    [spelling, "--db", "h.sqlite", "--rerun-failed"],
                    in: folder.url
                )
                #expect(rerun.status == 1, "\(spelling): \(rerun.all)")
                #expect(rerun.stdout.contains("FAIL  S/bad"), "\(spelling): \(rerun.stdout)")
                #expect(rerun.stdout.contains("suites/s.json:3"), "\(spelling): \(rerun.stdout)")
            }
            let fresh = try await AfrunProcess.run(
                ["suites", "--db", "other.sqlite", "--rerun-failed"],
                in: folder.url
            )
            // No verdict in that history: every selected test runs (ShardRerunTests).
            #expect(fresh.status == 1, "\(fresh.all)")
            #expect(
                fresh.stderr.contains("the history 'other.sqlite' holds no result of any selected test"),
                "\(fresh.all)"
            )
        }
    }
}
