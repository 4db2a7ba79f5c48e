import FixtureServer
import Foundation
import TestSupport
import Testing

/// The PostgreSQL server the shared-history tests use.
enum SharedHistoryServer {
    static let url: String? = {
        let url = ProcessInfo.processInfo.environment["AFRUN_TEST_POSTGRES_URL"]
        return url?.isEmpty == false ? url : nil
    }()
}

/// `afrun run --db postgres://…` end to end: the built binaries against the fixture server and the
/// PostgreSQL server of `AFRUN_TEST_POSTGRES_URL` (ci/start-postgres.sh). Each test names its runs with a
/// run group of its own, so tests sharing the database count only their own runs.
@Suite(
    "Shared history on PostgreSQL, end to end",
    .enabled(
        if: SharedHistoryServer.url != nil,
        "AFRUN_TEST_POSTGRES_URL is not set: PostgreSQL history tests skipped (source ci/start-postgres.sh to run them)"
    )
)
struct SharedHistoryTests {
    static var url: String? { SharedHistoryServer.url }

    /// A suite of `count` tests against the fixture server, a few of them failing.
    static func suite(_ server: FixtureServer, count: Int) -> String {
        let tests = (0..<count).map { index in
            #"{"name": "t\#(index)", "request": {"url": "status/\#(index % 17 == 0 ? 500 : 200)"}, "expect": {"status": 200}}"#
        }
        return #"{"name": "Shared", "parallel": true, "baseURL": "\#(server.httpURL.absoluteString)", "tests": ["#
            + tests.joined(separator: ",\n") + "]}"
    }

    /// The runs of `group`, from `afrun history runs --format json`.
    static func runs(of group: String, url: String, in folder: SuiteFolder) async throws -> [[String: Any]] {
        let output = try await AfrunProcess.run(
            ["history", "runs", "--db", url, "--last", "1000", "--format", "json"],
            in: folder.url
        )
        #expect(output.status == 0, "\(output.all)")
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        return runs.filter { $0["runGroup"] as? String == group }
    }

    @Test("16 afrun processes recording at once into one database lose nothing")
    func sixteenProcesses() async throws {
        let url = try #require(Self.url)
        try await withPlainFixture { folder, server in
            let count = 60
            try folder.write("s.json", Self.suite(server, count: count))
            let group = "sixteen-\(UUID().uuidString)"
            let statuses = try await withThrowingTaskGroup(of: AfrunProcess.Output.self) { tasks in
                for _ in 0..<16 {
                    tasks.addTask {
                        try await AfrunProcess.run(
                            // A bound no push comes near on a loaded machine: this test is about losing nothing.
                            ["s.json", "--quiet", "--db", url, "--run-group", group, "--history-timeout", "300"],
                            in: folder.url
                        )
                    }
                }
                return try await tasks.reduce(into: [AfrunProcess.Output]()) { $0.append($1) }
            }
            for output in statuses {
                #expect(output.status == 1, "\(output.all)")
                #expect(!output.stderr.contains("warning"), "\(output.stderr)")
            }
            let runs = try await Self.runs(of: group, url: url, in: folder)
            #expect(runs.count == 16)
            #expect(runs.allSatisfy { $0["status"] as? String == "complete" && $0["failed"] as? Int == 4 })
            for run in runs {
                let id = try #require(run["id"] as? String)
                let shown = try await AfrunProcess.run(
                    ["history", "show", id, "--db", url, "--format", "json"],
                    in: folder.url
                )
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
                )
                #expect((object["results"] as? [Any])?.count == count, "run \(id)")
            }
        }
    }

    @Test("a wrong password: the run passes with one warning and no password; push sends it later, once")
    func wrongPassword() async throws {
        let url = try #require(Self.url)
        var components = try #require(URLComponents(string: url))
        let password = try #require(components.password)
        components.password = "wrong-\(UUID().uuidString.prefix(8))"
        let wrong = try #require(components.string)
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                Self.suite(server, count: 3).replacingOccurrences(of: "status/500", with: "status/200")
            )
            let group = "wrong-\(UUID().uuidString)"
            let run = try await AfrunProcess.run(
                ["s.json", "--db", wrong],
                in: folder.url,
                environment: ["GITHUB_RUN_ID": group]
            )
            #expect(run.status == 0, "\(run.all)")
            let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
            #expect(warnings.count == 1, "\(run.stderr)")
            #expect(warnings.first?.contains("password authentication failed") == true)
            #expect(warnings.first?.contains("afrun history push") == true)
            #expect(!run.all.contains(password) && !run.all.contains(components.password!))

            let query = try await AfrunProcess.run(["history", "runs", "--db", wrong], in: folder.url)
            #expect(query.status == 2)
            #expect(query.stderr.contains("postgres://afrun:***@") && !query.all.contains(components.password!))

            // The spool belongs to the server and database, whatever the password: the right one pushes it.
            let push = try await AfrunProcess.run(["history", "push", "--db", url, "--format", "csv"], in: folder.url)
            #expect(push.stdout.split(separator: "\n") == ["runs_added", "1"], "\(push.all)")
            let again = try await AfrunProcess.run(["history", "push", "--db", url, "--format", "csv"], in: folder.url)
            #expect(again.stdout.split(separator: "\n") == ["runs_added", "0"], "\(again.all)")
            let sentence = try await AfrunProcess.run(["history", "push", "--db", url], in: folder.url)
            #expect(
                sentence.stdout == "pushed no run: the spool holds none the shared history lacks\n",
                "\(sentence.all)"
            )
            let runs = try await Self.runs(of: group, url: url, in: folder)
            #expect(runs.count == 1, "the group comes from GITHUB_RUN_ID")
            let commandLine = try #require(runs.first?["commandLine"] as? [String])
            #expect(!commandLine.joined(separator: " ").contains(components.password!))
        }
    }

    @Test("a server that accepts and never answers: the run ends within --history-timeout; push sends it later, once")
    func silentServer() async throws {
        let url = try #require(Self.url)
        var components = try #require(URLComponents(string: url))
        let password = try #require(components.password)
        // A proxy that holds every byte: the server accepts and never answers, until `resume()`.
        let proxy = try TCPProxy(to: try #require(components.port), stalled: true)
        defer { proxy.kill() }
        components.port = proxy.port
        // connect_timeout=60: only the history timeout ends the wait.
        components.query = "connect_timeout=60"
        let silent = try #require(components.string)
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                Self.suite(server, count: 3).replacingOccurrences(of: "status/500", with: "status/200")
            )
            let group = "silent-\(UUID().uuidString)"
            let started = ContinuousClock.now
            let run = try await AfrunProcess.run(
                ["s.json", "--db", silent, "--history-timeout", "1", "--run-group", group],
                in: folder.url
            )
            let elapsed = ContinuousClock.now - started
            #expect(run.status == 0, "\(run.all)")
            // About 1 s; 30 s (a statement's own bound, half the connect timeout) leaves a loaded machine room.
            #expect(elapsed < .seconds(30), "the run took \(elapsed)")
            let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
            #expect(warnings.count == 1, "\(run.stderr)")
            #expect(warnings.first?.contains("no answer within the history timeout (1 s)") == true, "\(run.stderr)")
            #expect(!run.all.contains(password))

            // The server answers again: a push through the same address sends the spooled run, once.
            proxy.resume()
            let push = try await AfrunProcess.run(
                ["history", "push", "--db", silent, "--format", "csv"],
                in: folder.url
            )
            #expect(push.stdout.split(separator: "\n") == ["runs_added", "1"], "\(push.all)")
            let again = try await AfrunProcess.run(
                ["history", "push", "--db", silent, "--format", "csv"],
                in: folder.url
            )
            #expect(again.stdout.split(separator: "\n") == ["runs_added", "0"], "\(again.all)")
            let runs = try await Self.runs(of: group, url: url, in: folder)
            #expect(runs.count == 1 && runs.first?["passed"] as? Int == 3, "\(runs)")
        }
    }

    @Test("--history-timeout must be a positive number of seconds")
    func historyTimeoutValidated() async throws {
        try await withPlainFixture { folder, server in
            try folder.write("s.json", Self.suite(server, count: 1))
            let run = try await AfrunProcess.run(["s.json", "--history-timeout", "0"], in: folder.url)
            #expect(run.status == 2 || run.status == 64, "\(run.all)")
            #expect(run.stderr.contains("--history-timeout must be a number of seconds above 0"), "\(run.stderr)")
        }
    }
}
