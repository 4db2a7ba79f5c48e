import AFRunner
import AFSuite
import FixtureServer
import Foundation
import Locking
import Testing

/// A suite's `setup` and `teardown` against the fixture server's users API: the setup creates a user, the
/// tests read it, the teardown deletes it (a GET afterwards proves the teardown reached the server).
@Suite(.serialized) struct SetupTeardownTests {
    /// Loads `json` (with `BASE` replaced by the server's URL) from a scratch file.
    static func load(_ json: String, server: FixtureServer) throws -> Suite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-phases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.json")
        try Data(json.replacingOccurrences(of: "BASE", with: server.httpURL.absoluteString).utf8).write(to: file)
        let loaded = SuiteLoader(environment: [:]).load(paths: [file.path])
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        return try #require(loaded.suites.first)
    }

    static func suite(tests: String, parallel: Bool = false) -> String {
        """
        {"name": "P", "baseURL": "BASE/api", "parallel": \(parallel),
         "setup": [{"name": "create", "request": {"method": "POST", "url": "users", "json": {"name": "Temp"}},
                    "expect": {"status": 201}, "capture": {"id": {"json": "$.id"}}}],
         "tests": \(tests),
         "teardown": [{"name": "delete", "request": {"method": "DELETE", "url": "users/{{id}}"},
                       "expect": {"status": 204}}]}
        """
    }

    /// The status of GET /api/users/ID on the server now (sent by a runner of its own).
    static func status(of id: String, on server: FixtureServer) async throws -> Int {
        let check = try load(
            #"{"name": "check", "baseURL": "BASE/api", "tests": [{"name": "get", "request": {"url": "users/\#(id)"}}]}"#,
            server: server
        )
        let (sink, _) = await run(check)
        return try #require(sink.result("get")?.response?.status)
    }

    static func run(_ suite: Suite, options: RunOptions = RunOptions()) async -> (CollectingSink, RunReport) {
        let sink = CollectingSink()
        let report = await Runner(options: options).run([suite], run: .test, sinks: [sink])
        return (sink, report)
    }

    @Test("the run's planned size: the selected tests with their suites' setup and teardown tests")
    func plannedTestsCountWhatACompleteRunRecords() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let tests = """
                [{"name": "one", "request": {"url": "users"}}, {"name": "two", "request": {"url": "users"}},
                 {"name": "three", "request": {"url": "users"}}]
                """
            let kept = try Self.load(Self.suite(tests: tests), server: server)
            var other = try Self.load(Self.suite(tests: tests), server: server)
            other.name = "Other"
            var options = RunOptions()
            options.include = { $0.suiteName == "P" && $0.testName != "two" }
            let sink = CollectingSink()
            _ = await Runner(options: options).run([kept, other], run: .test, sinks: [sink])
            // P: setup, one, three, teardown; Other keeps no test, so its setup and teardown do not run.
            #expect(sink.planned == 4)
            #expect(sink.results.count == 4, "\(sink.results.map(\.identity.description))")
        }
    }

    @Test(arguments: [false, true])
    func setupCapturesReachTheTestsAndTheTeardownCleansUp(parallel: Bool) async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let suite = try Self.load(
                Self.suite(
                    tests: """
                        [{"name": "read", "request": {"url": "users/{{id}}"},
                          "expect": {"status": 200, "json": [{"path": "$.name", "equals": "Temp"}]}},
                         {"name": "broken", "request": {"url": "users/{{id}}"}, "expect": {"status": 418}}]
                        """,
                    parallel: parallel
                ),
                server: server
            )
            let (sink, _) = await Self.run(suite)
            let names = sink.results.map(\.identity.testName)
            #expect(names.first == "setup: create" && names.last == "teardown: delete", "\(names)")
            #expect(sink.result("read")?.status == .passed, "\(String(describing: sink.result("read")))")
            #expect(sink.result("broken")?.status == .failed)
            let phases = sink.results.map(\.phase)
            #expect(
                phases.first == .setup && phases.last == .teardown
                    && phases.dropFirst().dropLast().allSatisfy { $0 == .test }
            )
            let teardown = try #require(sink.result("teardown: delete"))
            #expect(teardown.status == .passed, "\(teardown.failureMessages)")
            let id = try #require(sink.result("setup: create")?.captures["id"])
            #expect(try await Self.status(of: id, on: server) == 404, "the teardown deleted user \(id)")
        }
    }

    @Test func aFailingSetupSkipsTheTestsWithItsReasonAndTheTeardownStillRuns() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            // The first setup test creates the user and passes; the second fails.
            let json = Self.suite(tests: #"[{"name": "read", "request": {"url": "users/{{id}}"}}]"#)
                .replacingOccurrences(
                    of: #""capture": {"id": {"json": "$.id"}}}"#,
                    with:
                        #""capture": {"id": {"json": "$.id"}}}, {"name": "check", "request": {"url": "users/{{id}}"}, "expect": {"status": 418}}"#
                )
            let suite = try Self.load(json, server: server)
            let (sink, report) = await Self.run(suite)
            #expect(sink.result("setup: check")?.status == .failed)
            let read = try #require(sink.result("read"))
            #expect(read.status == .skipped)
            #expect(read.skipReason == "not run: setup test 'check' failed", "\(String(describing: read.skipReason))")
            #expect(sink.result("teardown: delete")?.status == .passed)
            #expect(report.summary.skipped == 1 && report.summary.failed == 1 && report.summary.passed == 2)
            let id = try #require(sink.result("setup: create")?.captures["id"])
            #expect(try await Self.status(of: id, on: server) == 404)
        }
    }

    @Test func theTeardownRunsUnderFailFast() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let suite = try Self.load(
                Self.suite(
                    tests: """
                        [{"name": "fails", "request": {"url": "users/{{id}}"}, "expect": {"status": 418}},
                         {"name": "after", "request": {"url": "users/{{id}}"}}]
                        """
                ),
                server: server
            )
            var options = RunOptions()
            options.failFast = true
            let (sink, _) = await Self.run(suite, options: options)
            #expect(sink.result("after")?.status == .skipped)
            #expect(sink.result("teardown: delete")?.status == .passed)
            let id = try #require(sink.result("setup: create")?.captures["id"])
            #expect(try await Self.status(of: id, on: server) == 404)
        }
    }

    @Test func theTeardownRunsAfterAnInterruption() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let suite = try Self.load(
                Self.suite(tests: #"[{"name": "first", "request": {"url": "users/{{id}}"}}]"#),
                server: server
            )
            // Interrupted as the setup's result is told: the test is not run, the teardown is.
            let runner = LockedValue<Runner?>(nil)
            var options = RunOptions()
            options.resultObserver = { result in
                if result.phase == .setup { runner.withLock { $0 }?.stop(.interrupted) }
            }
            let made = Runner(options: options)
            runner.withLock { $0 = made }
            let sink = CollectingSink()
            let report = await made.run([suite], run: .test, sinks: [sink])
            #expect(report.status == .interrupted)
            #expect(sink.result("first")?.skipReason == "interrupted")
            #expect(sink.result("teardown: delete")?.status == .passed)
            let id = try #require(sink.result("setup: create")?.captures["id"])
            #expect(try await Self.status(of: id, on: server) == 404)
        }
    }

    @Test func setupAndTeardownCapturesKeepTheirJSONType() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            // A number captured by a setup (or an earlier teardown) test goes into a `json` body as a number,
            // as a sequential test's capture does.
            let json = Self.suite(
                tests: """
                    [{"name": "typed", "request": {"method": "POST", "url": "BASE/post", "json": {"ref": "{{id}}"}},
                      "expect": {"json": [{"path": "$.json.ref", "type": "integer"}]}}]
                    """
            ).replacingOccurrences(
                of: #""expect": {"status": 204}}]"#,
                with: """
                    "expect": {"status": 204}},
                     {"name": "count", "request": {"method": "POST", "url": "BASE/post", "json": {"n": 7}},
                      "capture": {"n": {"json": "$.json.n"}}},
                     {"name": "send", "request": {"method": "POST", "url": "BASE/post", "json": {"n": "{{n}}"}},
                      "expect": {"json": [{"path": "$.json.n", "equals": 7, "type": "integer"}]}}]
                    """
            )
            let (sink, _) = await Self.run(try Self.load(json, server: server))
            let typed = try #require(sink.result("typed"))
            #expect(typed.status == .passed, "\(typed.failureMessages)")
            let send = try #require(sink.result("teardown: send"))
            #expect(send.status == .passed, "\(send.failureMessages)")
        }
    }

    @Test func noTestSelectedRunsNeitherSetupNorTeardown() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let suite = try Self.load(
                Self.suite(tests: #"[{"name": "t", "request": {"url": "users"}}]"#),
                server: server
            )
            var options = RunOptions()
            options.include = { _ in false }
            let (sink, _) = await Self.run(suite, options: options)
            #expect(sink.results.isEmpty, "\(sink.results.map(\.identity))")
        }
    }
}
