import AFRunner
import AFSuite
import FixtureServer
import Foundation
import JSONPath
import Testing

/// A value with a line break, from a response, a `--var` or a data row, never reaches the wire as
/// a header line of its own: the test that would send it is an error and nothing is sent.
@Suite(.serialized) struct HeaderInjectionTests {
    private static let place = AFSuite.SourceLocation(file: "t.json", line: 1, column: 1, pointer: "")

    private static func suite(base: URL, tests: [TestCase]) -> Suite {
        Suite(
            file: URL(fileURLWithPath: "/tmp/inject.json"),
            displayPath: "inject.json",
            name: "inject",
            baseURL: base.absoluteString,
            tests: tests
        )
    }

    private static func test(_ name: String, _ url: String, headers: [HeaderSpec] = []) -> TestCase {
        var request = RequestSpec(url: url)
        request.headers = headers
        return TestCase(name: name, location: place, request: request, expect: Expectations(status: [.code(200)]))
    }

    @Test func aCapturedLineBreakIsNeverSent() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.tlsVariants = []
        try await withFixtureServer(configuration) { server in
            // The server's body: a CR LF and a header of its choosing.
            let injected = Data("a\r\nX-Evil: 2".utf8).base64EncodedString()
            var first = Self.test("capture", "base64/\(injected)")
            first.captures = [CaptureSpec(name: "token", source: .regex("^[\\s\\S]*$", group: 0), isSecret: false)]
            let second = Self.test("send", "headers", headers: [HeaderSpec(name: "X-Token", value: "{{token}}")])
            let third = Self.test("after", "headers")
            let sink = CollectingSink()
            let report = await Runner(options: RunOptions()).run(
                [Self.suite(base: server.httpURL, tests: [first, second, third])],
                run: .test,
                sinks: [sink]
            )
            #expect(server.recordedRequests.allSatisfy { $0.header("X-Evil") == nil && $0.header("X-Token") == nil })
            #expect(server.recordedRequests(path: "/headers").count == 1)
            #expect(report.summary.passed == 2)
            let send = try #require(report.results.first { $0.identity.testName == "send" })
            #expect(send.status == .error)
            let message = try #require(send.error?.message)
            #expect(message.contains("header 'X-Token'"), "\(message)")
            #expect(message.contains("capture 'token'"), "\(message)")
        }
    }

    @Test func aVariableWithALineBreakIsNamed() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.tlsVariants = []
        try await withFixtureServer(configuration) { server in
            let tests = [
                Self.test("header", "headers", headers: [HeaderSpec(name: "X-A", value: "x{{v}}")]),
                Self.test("url", "anything/{{v}}"),
            ]
            var options = RunOptions()
            options.variables = ["v": "1\nX-Evil: 2"]
            let report = await Runner(options: options).run(
                [Self.suite(base: server.httpURL, tests: tests)],
                run: .test,
                sinks: []
            )
            #expect(report.results.map(\.status) == [.error, .error])
            #expect(report.results.allSatisfy { $0.error?.message.contains("--var 'v'") == true })
            #expect(report.results.first?.error?.message.contains("\\n") == true)
            #expect(server.recordedRequests.isEmpty)
        }
    }
}
