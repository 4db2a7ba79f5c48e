import AFRunner
import AFSuite
import FixtureServer
import Foundation
import Testing

/// The example suites in `suites/` are documented as passing against the fixture server (the
/// README's demo runs them): they load without a problem and every test passes or is skipped,
/// with the endpoints handed over the way `ci/demo.sh` hands them (environment variables).
@Suite(.serialized) struct ExampleSuitesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyExampleSuitePasses() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            var environment = ProcessInfo.processInfo.environment
            environment["AFRUN_FIXTURES_HTTP"] = server.httpURL.absoluteString
            environment["AFRUN_FIXTURES_HTTPS"] = server.httpsURL.absoluteString
            environment["AFRUN_FIXTURES_HTTPS_EXPIRED"] = server.url(for: .expired).absoluteString
            environment["AFRUN_FIXTURES_HTTPS_WRONG_HOST"] = server.url(for: .wrongHost).absoluteString
            environment["AFRUN_FIXTURES_HTTPS_UNKNOWN_CA"] = server.url(for: .unknownCA).absoluteString

            let loaded = SuiteLoader(environment: environment).load(paths: [Self.root.appendingPathComponent("suites").path])
            #expect(loaded.errors.isEmpty, "\(loaded.errors)")
            #expect(loaded.suites.count >= 9)

            var options = RunOptions()
            options.environment = environment
            let report = await Runner(options: options).run(loaded.suites, run: .test, sinks: [])
            let broken = report.results.filter { $0.status == .failed || $0.status == .error }
            #expect(broken.isEmpty, "\(broken.map { "\($0.identity): \($0.failureMessages)" })")
            #expect(report.summary.passed > 20)
            #expect(report.status == .complete)
        }
    }
}
