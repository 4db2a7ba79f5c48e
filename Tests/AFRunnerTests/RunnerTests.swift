import AFRunner
import AFSession
import AFSuite
import FixtureServer
import Foundation
import JSONPath
import Locking
import Testing

private func location(_ line: Int) -> AFSuite.SourceLocation {
    AFSuite.SourceLocation(file: "t.json", line: line, column: 1, pointer: "")
}
private func n(_ i: Int) -> JSONValue { .number(JSONNumber(i)) }

private func suite(
    _ name: String,
    base: URL,
    parallel: Bool = false,
    variables: [VariableDefinition] = [],
    tests: [TestCase]
) -> Suite {
    Suite(
        file: URL(fileURLWithPath: "/tmp/\(name).json"),
        displayPath: "\(name).json",
        name: name,
        baseURL: base.absoluteString,
        variables: variables,
        parallel: parallel,
        tests: tests
    )
}

private func get(_ name: String, _ url: String, status: Int = 200, line: Int = 1) -> TestCase {
    TestCase(
        name: name,
        location: location(line),
        request: RequestSpec(url: url),
        expect: Expectations(status: [.code(status)])
    )
}

private func serverConfiguration() -> FixtureServer.Configuration {
    var c = FixtureServer.Configuration()
    c.tlsVariants = [.valid]
    return c
}

@Suite(.serialized) struct RunnerTests {
    @Test func capturesFlowDownASequentialSuite() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            var first = get("first", "anything/{{name}}")
            first.captures = [CaptureSpec(name: "seen", source: .json("$.url"), isSecret: false)]
            var second = get("second", "anything/x")
            second.request.query = .object(JSONObject([("prev", .string("{{seen}}"))]))
            second.expect.json = [
                PathAssertion(path: "$.args.prev", predicates: PredicateSet([.contains(.string("/anything/bob"))]))
            ]
            let s = suite(
                "chain",
                base: server.httpURL,
                variables: [VariableDefinition(name: "name", source: .value(.string("bob")))],
                tests: [first, second]
            )
            let sink = CollectingSink()
            let report = await Runner(options: RunOptions()).run([s], run: .test, sinks: [sink])
            #expect(report.summary.passed == 2, "\(report.results.map(\.failureMessages))")
            #expect(sink.results.map(\.identity.testName) == ["first", "second"])
            #expect(sink.finished == .complete)
        }
    }

    @Test func jobsBoundRequestsInFlight() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            let tests = (0..<40).map { get("t\($0)", "delay/20") }
            var options = RunOptions()
            options.jobs = 4
            let runner = Runner(options: options)
            let report = await runner.run(
                [suite("par", base: server.httpURL, parallel: true, tests: tests)],
                run: .test,
                sinks: []
            )
            #expect(report.summary.passed == 40)
            #expect(runner.peakRequestsInFlight <= 4)
            #expect(runner.peakRequestsInFlight >= 2)
        }
    }

    /// Parallel suites run on workers: every test runs exactly once, and the observer sees every
    /// result the sinks see, however many suites run at once.
    @Test func everyTestRunsOnceAndIsObserved() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            let suites = (0..<3).map { s in
                suite(
                    "par\(s)",
                    base: server.httpURL,
                    parallel: true,
                    tests: (0..<25).map { get("t\($0)", "status/200") }
                )
            }
            let observed = LockedValue<[String]>([])
            var options = RunOptions()
            options.jobs = 8
            options.resultObserver = { result in observed.withLock { $0.append(result.identity.description) } }
            let sink = CollectingSink()
            let report = await Runner(options: options).run(suites, run: .test, sinks: [sink])
            #expect(report.summary.passed == 75)
            let names = observed.withLock { $0 }
            #expect(Set(names).count == 75)
            #expect(names.sorted() == sink.results.map(\.identity.description).sorted())
        }
    }

    @Test func retriesAreCountedAndFailFastSkipsTheRest() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            var flaky = get("always 500", "status/500")
            flaky.retry = RetrySpec(count: 2, delayMs: 1)
            let after = get("after", "get")
            var options = RunOptions()
            options.failFast = true
            let sink = CollectingSink()
            let report = await Runner(options: options).run(
                [suite("ff", base: server.httpURL, tests: [flaky, after])],
                run: .test,
                sinks: [sink]
            )
            #expect(sink.result("always 500")?.attempts == 3)
            #expect(sink.result("always 500")?.status == .failed)
            #expect(sink.result("after")?.status == .skipped)
            #expect(report.summary.failed == 1 && report.summary.skipped == 1)
        }
    }

    @Test(arguments: [true, false])
    func refusedConnectionIsUnreachableOnlyWithoutARoute(routeExists: Bool) async throws {
        let refused = TestCase(name: "refused", location: location(3), request: RequestSpec(url: "http://127.0.0.1:1/"))
        var options = RunOptions()
        // With a route, the real ReachabilityManager answers (loopback is reachable: the refusal
        // stays `cannotConnect`); without one, the hook reports that no route exists.
        options.isReachable = { url in
            routeExists ? await ReachabilityManager(domain: url.host ?? "").currentStatus().isReachable : false
        }
        let sink = CollectingSink()
        _ = await Runner(options: options).run(
            [suite("reach", base: URL(string: "http://127.0.0.1:1")!, tests: [refused])],
            run: .test,
            sinks: [sink]
        )
        #expect(sink.result("refused")?.status == .error)
        #expect(sink.result("refused")?.error?.kind == (routeExists ? "cannotConnect" : "unreachable"))
    }

    @Test func errorsSkipsAndFilters() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            var skipped = get("skipped", "get")
            skipped.skip = "not today"
            let undefined = get("undefined", "anything/{{nope}}")
            let refused = TestCase(
                name: "refused",
                location: location(3),
                request: RequestSpec(url: "http://127.0.0.1:1/")
            )
            let filteredOut = get("filtered out", "get")
            var options = RunOptions()
            options.include = { $0.testName != "filtered out" }
            let sink = CollectingSink()
            _ = await Runner(options: options).run(
                [suite("misc", base: server.httpURL, tests: [skipped, undefined, refused, filteredOut])],
                run: .test,
                sinks: [sink]
            )
            #expect(sink.result("skipped")?.skipReason == "not today")
            #expect(sink.result("undefined")?.error?.kind == "undefinedVariable")
            #expect(sink.result("undefined")?.error?.message.contains("'nope'") == true)
            #expect(sink.result("refused")?.error?.kind == "cannotConnect")
            #expect(sink.result("filtered out") == nil)
        }
    }

    @Test func secretsNeverReachSinks() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            var echo = get("echo", "anything")
            echo.request.headers = [
                HeaderSpec(name: "Authorization", value: "Bearer {{token}}"),
                HeaderSpec(name: "X-Echo", value: "{{token}}"),
            ]
            echo.expect.json = [
                PathAssertion(path: "$.headers.X-Echo", predicates: PredicateSet([.equals(.string("wrong"))]))
            ]
            var options = RunOptions()
            options.secrets = ["token": "TOPSECRET-42"]
            let sink = CollectingSink()
            _ = await Runner(options: options).run(
                [suite("sec", base: server.httpURL, tests: [echo])],
                run: .test,
                sinks: [sink]
            )
            let result = try #require(sink.result("echo"))
            #expect(result.status == .failed)
            let encoded = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
            #expect(!encoded.contains("TOPSECRET"))
            #expect(encoded.contains("***"))
        }
    }

    /// A test with `each` runs once per row; a row beats captures and loses to `--var`.
    @Test func dataRowsAreVariablesBetweenVarAndCaptures() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            func echo(_ name: String, expected: String) -> TestCase {
                var test = get(name, "anything")
                test.request.query = .object(JSONObject([("u", .string("{{user}}")), ("k", .string("{{kind}}"))]))
                test.expect.json = [
                    PathAssertion(path: "$.args.u", predicates: PredicateSet([.equals(.string(expected))]))
                ]
                return test
            }
            var first = get("capture", "anything/captured")
            first.captures = [CaptureSpec(name: "user", source: .regex("captured", group: 0), isSecret: false)]
            var rows = [echo("row 1", expected: "alice"), echo("row 2", expected: "bob")]
            rows[0].row = DataRow(number: 1, values: ["user": "alice", "kind": "a"])
            rows[1].row = DataRow(number: 2, values: ["user": "bob", "kind": "b"])
            var after = get("after", "anything")
            after.request.query = .object(JSONObject([("u", .string("{{user}}"))]))
            after.expect.json = [
                PathAssertion(path: "$.args.u", predicates: PredicateSet([.equals(.string("captured"))]))
            ]
            let s = suite("rows", base: server.httpURL, tests: [first] + rows + [after])
            let report = await Runner(options: RunOptions()).run([s], run: .test, sinks: [])
            #expect(report.summary.passed == 4, "\(report.results.map(\.failureMessages))")

            var options = RunOptions()
            options.variables = ["user": "carol"]
            var forced = rows.map { test in
                var t = test
                t.expect.json = [PathAssertion(path: "$.args.u", predicates: PredicateSet([.equals(.string("carol"))]))]
                return t
            }
            forced[1].expect.json.append(
                PathAssertion(path: "$.args.k", predicates: PredicateSet([.equals(.string("b"))]))
            )
            let overridden = await Runner(options: options).run(
                [suite("forced", base: server.httpURL, tests: forced)],
                run: .test,
                sinks: []
            )
            #expect(overridden.summary.passed == 2, "\(overridden.results.map(\.failureMessages))")
        }
    }

    /// A row that gives a name the suite marks secret: its value is redacted like any secret.
    @Test func secretNamesStaySecretInRows() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            var test = get("login {{user}}", "anything")
            test.request.query = .object(JSONObject([("pw", .string("{{password}}"))]))
            test.expect.json = [PathAssertion(path: "$.args.pw", predicates: PredicateSet([.equals(.string("wrong"))]))]
            test.name = "login alice"
            test.row = DataRow(number: 1, values: ["user": "alice", "password": "Row-Secret-77"])
            let s = suite(
                "rows",
                base: server.httpURL,
                variables: [VariableDefinition(name: "password", source: .value(.string("unused")), isSecret: true)],
                tests: [test]
            )
            let sink = CollectingSink()
            let report = await Runner(options: RunOptions()).run([s], run: .test, sinks: [sink])
            #expect(report.summary.failed == 1)
            let encoded = String(decoding: try JSONEncoder().encode(sink.results), as: UTF8.self)
            #expect(!encoded.contains("Row-Secret-77"), "\(encoded)")
            #expect(encoded.contains("***"))
        }
    }

    /// `basicAuth` from the suite's defaults or the test; a written Authorization header wins; the
    /// credentials never reach a sink, even a password written literally.
    @Test func basicAuthSendsCredentials() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            var viaDefaults = get("defaults", "basic-auth/admin/Hunter2-secret")
            viaDefaults.expect.json = [
                PathAssertion(path: "$.authenticated", predicates: PredicateSet([.equals(.bool(true))]))
            ]
            var own = get("own", "basic-auth/alice/{{pw}}")
            own.request.basicAuth = BasicAuthSpec(username: "alice", password: "{{pw}}")
            var header = get("header wins", "basic-auth/admin/Hunter2-secret", status: 401)
            header.request.headers = [HeaderSpec(name: "Authorization", value: "Basic bm9ib2R5Om5vbmU=")]
            var s = suite(
                "auth",
                base: server.httpURL,
                variables: [VariableDefinition(name: "pw", source: .value(.string("Wonderland-7")), isSecret: true)],
                tests: [viaDefaults, own, header]
            )
            s.defaults.basicAuth = BasicAuthSpec(username: "admin", password: "Hunter2-secret")
            let sink = CollectingSink()
            let report = await Runner(options: RunOptions()).run([s], run: .test, sinks: [sink])
            #expect(report.summary.passed == 3, "\(report.results.map(\.failureMessages))")
            let encoded = String(decoding: try JSONEncoder().encode(sink.results), as: UTF8.self)
            #expect(!encoded.contains("Wonderland-7"))
            #expect(!encoded.contains(Data("alice:Wonderland-7".utf8).base64EncodedString()))
            // A password written literally is a credential too: hidden where the URL repeats it.
            #expect(!encoded.contains("Hunter2-secret"), "\(encoded)")
            #expect(
                encoded.contains("basic-auth\\/admin\\/***") || encoded.contains("basic-auth/admin/***"),
                "\(encoded)"
            )
        }
    }

    /// Each suite keeps a cookie store of its own for the run; `"cookies": false` keeps none.
    @Test func cookiesStayWithinTheirSuite() async throws {
        try await withFixtureServer(serverConfiguration()) { server in
            func cookie(_ name: String, exists: Bool) -> PathAssertion {
                PathAssertion(path: "$.cookies.\(name)", predicates: PredicateSet([.exists(exists)]))
            }
            // /cookies/set answers Set-Cookie and a redirect to /cookies, which echoes what it got.
            var login = get("login", "cookies/set?session=s1")
            login.expect.json = [cookie("session", exists: true)]
            var later = get("later", "cookies")
            later.expect.json = [
                PathAssertion(path: "$.cookies.session", predicates: PredicateSet([.equals(.string("s1"))]))
            ]
            var stranger = get("stranger", "cookies")
            stranger.request.followRedirects = true
            stranger.expect.json = [cookie("session", exists: false)]
            var noStore = suite(
                "nostore",
                base: server.httpURL,
                tests: [get("set", "cookies/set?session=s2"), stranger]
            )
            noStore.keepsCookies = false
            // Suites run concurrently: the other suite reads only after "keeps" has set its cookie.
            let other = suite("other", base: server.httpURL, tests: [get("wait", "delay/300"), stranger])

            let sink = CollectingSink()
            let report = await Runner(options: RunOptions()).run(
                [suite("keeps", base: server.httpURL, tests: [login, later]), noStore, other],
                run: .test,
                sinks: [sink]
            )
            #expect(report.summary.passed == 6, "\(report.results.map(\.failureMessages))")
            #expect(sink.results.filter { $0.identity.testName == "stranger" }.count == 2)
        }
    }
}
