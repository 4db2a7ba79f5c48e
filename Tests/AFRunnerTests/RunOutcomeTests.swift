import AFRunner
import AFSuite
import FixtureServer
import Foundation
import JSONPath
import Testing

/// What a run reports against the fixture server: decoded body text, every missing capture, templated
/// statuses, and what an errored transfer measured.
@Suite(.serialized) struct RunOutcomeTests {
    private static let place = AFSuite.SourceLocation(file: "t.json", line: 1, column: 1, pointer: "")

    private func run(_ tests: [TestCase], on server: FixtureServer) async -> CollectingSink {
        let suite = Suite(
            file: URL(fileURLWithPath: "/tmp/outcome.json"),
            displayPath: "outcome.json",
            name: "outcome",
            baseURL: server.httpURL.absoluteString,
            tests: tests
        )
        let sink = CollectingSink()
        _ = await Runner(options: RunOptions()).run([suite], run: .test, sinks: [sink])
        return sink
    }

    private func test(
        _ name: String,
        _ url: String,
        expect: Expectations = Expectations(),
        captures: [CaptureSpec] = []
    ) -> TestCase {
        TestCase(name: name, location: Self.place, request: RequestSpec(url: url), expect: expect, captures: captures)
    }

    @Test func bodyTextIsDecodedByTheDeclaredCharset() async throws {
        try await withFixtureServer { server in
            let latin1 = test(
                "latin1",
                "encoding/latin1",
                expect: Expectations(
                    body: BodyExpectation(
                        predicates: PredicateSet([.contains(.string("café")), .matches("na\u{EF}ve")]),
                        // `bytes` and `sha256` stay on the raw bytes: 11 of them, é and ï one byte each.
                        sha256: "d5ec05b26e1729b17b5521bd01fea0575238015b91aadc383adf62a9b6664f1b",
                        bytes: PredicateSet([.equals(.number(JSONNumber(11)))])
                    )
                )
            )
            let shiftJIS = test(
                "shift_jis",
                "encoding/shift_jis",
                expect: Expectations(
                    body: BodyExpectation(predicates: PredicateSet([.equals(.string("日本語\n"))]))
                )
            )
            let utf8 = test(
                "utf8",
                "encoding/utf8",
                expect: Expectations(
                    body: BodyExpectation(predicates: PredicateSet([.contains(.string("café, naïve, 日本語"))]))
                )
            )
            let sink = await run([latin1, shiftJIS, utf8], on: server)
            for name in ["latin1", "shift_jis", "utf8"] {
                let result = try #require(sink.result(name))
                #expect(result.status == .passed, "\(name): \(result.failureMessages)")
            }
        }
    }

    @Test func everyMissingCaptureIsReported() async throws {
        try await withFixtureServer { server in
            let captures = [
                CaptureSpec(name: "found", source: .json("$.url")),
                CaptureSpec(name: "first", source: .json("$.nope")),
                CaptureSpec(name: "second", source: .header("X-Absent")),
            ]
            let sink = await run([test("captures", "get", captures: captures)], on: server)
            let result = try #require(sink.result("captures"))
            #expect(result.status == .failed)
            #expect(result.assertions.filter { $0.kind == "capture" }.map(\.target) == ["first", "second"])
        }
    }

    @Test func statusTemplateIsRenderedFromTheRow() async throws {
        try await withFixtureServer { server in
            var template = test("row", "status/{{code}}", expect: Expectations(status: [.template("{{code}}")]))
            template.row = DataRow(number: 1, values: ["code": "404"])
            var wrong = test("wrong row", "status/200", expect: Expectations(status: [.template("{{code}}")]))
            wrong.row = DataRow(number: 2, values: ["code": "4xx"])
            let sink = await run([template, wrong], on: server)
            #expect(sink.result("row")?.status == .passed, "\(sink.result("row")?.failureMessages ?? [])")
            #expect(sink.result("wrong row")?.status == .failed)
            #expect(sink.result("wrong row")?.assertions.first?.expected == "4xx")
        }
    }

    @Test func erroredResultKeepsWhatWasMeasuredAndTheCurlCode() async throws {
        try await withFixtureServer { server in
            // The head arrives, then 100 of the 1,024 announced bytes, then the connection closes.
            let sink = await run([test("truncated", "fault/truncated")], on: server)
            let result = try #require(sink.result("truncated"))
            #expect(result.status == .error)
            #expect(result.error?.kind == "connectionLost")
            #expect(result.error?.curlCode == 18)
            let timings = try #require(result.timings, "an errored result keeps the phases libcurl measured")
            #expect(timings.ttfbMs > 0)
            #expect(timings.totalMs >= timings.ttfbMs)
        }
    }
}
