import AFRunner
import AFSession
import AFSuite
import FixtureServer
import Foundation
import Testing

/// `RunOptions.keptResults`: a run that keeps only failed and errored results reports the same
/// totals as one that keeps all, and its sinks still see every result.
@Suite(.serialized) struct ResultRetentionTests {
    private static func mixedSuite(_ base: URL) -> Suite {
        func get(_ name: String, _ url: String, status: Int, line: Int) -> TestCase {
            TestCase(
                name: name,
                location: AFSuite.SourceLocation(file: "mixed.json", line: line, column: 1, pointer: ""),
                request: RequestSpec(url: url),
                expect: Expectations(status: [.code(status)])
            )
        }
        var skipped = get("skipped", "status/200", status: 200, line: 9)
        skipped.skip = "not today"
        let tests =
            (0..<12).map { get("pass \($0)", "status/200", status: 200, line: 10 + $0) }
            + [get("fail a", "status/500", status: 200, line: 30), get("fail b", "status/404", status: 200, line: 31)]
            // Nothing listens on port 1 of the loopback: a transport error.
            + [get("refused", "http://127.0.0.1:1/", status: 200, line: 32), skipped]
        return Suite(
            file: URL(fileURLWithPath: "/tmp/mixed.json"),
            displayPath: "mixed.json",
            name: "Mixed",
            baseURL: base.absoluteString,
            parallel: true,
            tests: tests
        )
    }

    @Test func keepingProblemsOnlyKeepsTheTotalsAndFailures() async throws {
        var c = FixtureServer.Configuration()
        c.tlsPort = nil
        c.tlsVariants = []
        try await withFixtureServer(c) { server in
            let suite = Self.mixedSuite(server.httpURL)
            var options = RunOptions()
            options.jobs = 4
            options.keptResults = .problems
            let sink = CollectingSink()
            let report = await Runner(options: options).run([suite], run: .test, sinks: [sink])

            #expect(report.summary.passed == 12)
            #expect(report.summary.failed == 2)
            #expect(report.summary.errors == 1)
            #expect(report.summary.skipped == 1)
            // Only the problems are kept, each whole (assertions, response), in completion order.
            #expect(Set(report.results.map(\.identity.testName)) == ["fail a", "fail b", "refused"])
            #expect(report.results.allSatisfy { $0.status == .failed || $0.status == .error })
            let failA = try #require(report.results.first { $0.identity.testName == "fail a" })
            #expect(failA.response?.status == 500)
            #expect(failA.failureMessages == sink.result("fail a")?.failureMessages)
            let sinkOrder = sink.results.map(\.identity.testName).filter {
                ["fail a", "fail b", "refused"].contains($0)
            }
            #expect(report.results.map(\.identity.testName) == sinkOrder)
            // The sink saw all 16, and the percentiles are those of all of them, not of the kept ones.
            #expect(sink.results.count == 16)
            let all = RunSummary.of(sink.results, durationMs: report.summary.durationMs)
            #expect(report.summary == all)
            #expect(report.summary.p50Ms != nil)
        }
    }

    @Test(arguments: [PassedResultDetail.none, .summary])
    func passedResultsWithLessDetailKeepTheirTotalsAndFailuresKeepTheirs(_ detail: PassedResultDetail) async throws {
        var c = FixtureServer.Configuration()
        c.tlsPort = nil
        c.tlsVariants = []
        try await withFixtureServer(c) { server in
            var options = RunOptions()
            options.jobs = 4
            options.passedResultDetail = detail
            let sink = CollectingSink()
            let report = await Runner(options: options).run(
                [Self.mixedSuite(server.httpURL)],
                run: .test,
                sinks: [sink]
            )
            #expect(report.summary.passed == 12 && report.summary.failed == 2 && report.summary.errors == 1)
            let passed = sink.results.filter { $0.status == .passed }
            #expect(passed.count == 12)
            // Passed: no assertion texts were built, but the assertions are counted.
            #expect(passed.allSatisfy { $0.assertions.isEmpty && $0.assertionCount == 1 })
            #expect(passed.allSatisfy { $0.timings != nil && $0.durationMs > 0 })
            switch detail {
            case .none:
                #expect(passed.allSatisfy { $0.request == nil && $0.response == nil })
            default:
                // What a history at the `failures` level stores: method, URL, status, version, size; no headers.
                #expect(
                    passed.allSatisfy { $0.request?.method == "GET" && $0.request?.url.hasPrefix("http://") == true }
                )
                #expect(
                    passed.allSatisfy { $0.request?.headers.isEmpty == true && $0.response?.headers.isEmpty == true }
                )
                #expect(passed.allSatisfy { $0.response?.status == 200 })
                #expect(passed.allSatisfy { $0.response?.httpVersion.isEmpty == false && $0.response?.remoteIP != nil })
            }
            // Failed: everything, as with detail.
            let failA = try #require(sink.result("fail a"))
            #expect(failA.request?.url.hasSuffix("/status/500") == true)
            #expect(failA.response?.status == 500)
            #expect(failA.failureMessages == ["status: expected 200, got 500"])
            #expect(report.summary.p50Ms == RunSummary.of(sink.results, durationMs: 0).p50Ms)
        }
    }

    @Test func keepingAllIsTheDefault() async throws {
        var c = FixtureServer.Configuration()
        c.tlsPort = nil
        c.tlsVariants = []
        try await withFixtureServer(c) { server in
            let report = await Runner(options: RunOptions()).run(
                [Self.mixedSuite(server.httpURL)],
                run: .test,
                sinks: []
            )
            #expect(RunOptions().keptResults == .all)
            #expect(RunOptions().passedResultDetail == .full)
            #expect(
                report.results.filter { $0.status == .passed }.allSatisfy {
                    $0.response != nil && $0.assertions.count == 1 && $0.assertionCount == 1
                }
            )
            #expect(report.results.count == 16)
            #expect(report.summary == RunSummary.of(report.results, durationMs: report.summary.durationMs))
            #expect(report.summary.total == 16)
        }
    }
}
