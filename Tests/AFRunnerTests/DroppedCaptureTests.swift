import AFRunner
import FixtureServer
import Foundation
import Testing

/// A test's captures are kept only when it passes: a later test that uses one ends as an error naming the test
/// that captures it and what became of it, not as a bare "undefined variable".
@Suite struct DroppedCaptureTests {
    @Test func aLaterTestNamesTheFailedTestThatCapturesItsVariable() async throws {
        try await withFixtureServer { server in
            let results = try await SuiteTextRun.results(
                """
                {"name": "Dropped", "baseURL": "{{env.FIXTURES}}",
                 "tests": [
                   {"name": "create", "request": {"url": "get?id=77"}, "capture": {"id": {"json": "$.args.id"}},
                    "expect": {"status": 201}},
                   {"name": "read", "request": {"url": "anything/{{id}}"}}
                 ]}
                """,
                on: server
            )
            let read = try #require(results.last)
            #expect(read.status == .error)
            let message = try #require(read.error?.message)
            #expect(message.contains("test 'create' captures it but failed"), "\(message)")
            #expect(read.error?.kind == "undefinedVariable")
        }
    }

    @Test func theTeardownNamesTheSetupTestThatFailed() async throws {
        try await withFixtureServer { server in
            let results = try await SuiteTextRun.results(
                """
                {"name": "Dropped", "baseURL": "{{env.FIXTURES}}",
                 "setup": [{"name": "log in", "request": {"url": "status/401"}, "expect": {"status": 200},
                            "capture": {"code": {"status": true}}}],
                 "tests": [{"name": "t", "request": {"url": "get"}}],
                 "teardown": [{"name": "log out", "request": {"url": "anything/{{code}}"}}]}
                """,
                on: server
            )
            let teardown = try #require(results.last)
            #expect(teardown.status == .error)
            let message = try #require(teardown.error?.message)
            #expect(message.contains("setup test 'log in' captures it but failed"), "\(message)")
        }
    }
}
