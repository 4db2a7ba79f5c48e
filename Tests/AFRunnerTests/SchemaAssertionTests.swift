import AFRunner
import AFSuite
import FixtureServer
import Foundation
import JSONPath
import JSONSchema
import Testing

/// Schema assertions against the fixture server's real responses.
@Suite struct SchemaAssertionTests {
    private static func expectation(_ text: String) throws -> SchemaExpectation {
        let document = try JSONValue(parsing: text)
        return SchemaExpectation(
            schema: try JSONSchema(compiling: document),
            document: document,
            file: nil,
            location: nil
        )
    }

    private static func run(_ expect: Expectations, url: String, on server: FixtureServer) async -> TestResult {
        let test = TestCase(
            name: "t",
            location: SourceLocation(file: "t.json", line: 1, column: 1, pointer: ""),
            request: RequestSpec(url: url),
            expect: expect
        )
        let suite = Suite(
            file: URL(fileURLWithPath: "/tmp/schema.json"),
            displayPath: "schema.json",
            name: "schema",
            baseURL: server.httpURL.absoluteString,
            variables: [],
            parallel: false,
            tests: [test]
        )
        let report = await Runner(options: RunOptions()).run([suite], run: .test, sinks: [])
        return report.results[0]
    }

    @Test func bodyMatchesOrListsEveryViolation() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            var expect = Expectations(status: [.code(200)])
            expect.schema = try Self.expectation(
                #"{"type": "object", "required": ["id", "email"], "properties": {"id": {"type": "integer"}}}"#
            )
            let passing = await Self.run(expect, url: "users/7", on: server)
            #expect(passing.status == .passed, "\(passing.failureMessages)")

            expect.schema = try Self.expectation(
                #"{"properties": {"id": {"type": "string"}, "name": {"maxLength": 2}}, "required": ["phone"]}"#
            )
            let failing = await Self.run(expect, url: "users/7", on: server)
            #expect(failing.status == .failed)
            let message = failing.failureMessages.joined(separator: "\n")
            #expect(message.contains("/id: expected string, got integer (at #/properties/id/type)"), "\(message)")
            #expect(message.contains("/name: string of 6 characters is longer than 2"))
            #expect(message.contains("missing required member \"phone\""))
        }
    }

    @Test func eachSelectedNodeIsChecked() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            var assertion = PathAssertion(path: "$.library.books[*].price", predicates: PredicateSet())
            assertion.schema = try Self.expectation(#"{"type": "integer"}"#)
            let failing = await Self.run(Expectations(json: [assertion]), url: "json", on: server)
            #expect(failing.status == .failed)
            let message = failing.failureMessages.joined(separator: "\n")
            #expect(message.contains("$['library']['books'][0]['price']"), "\(message)")
            #expect(!message.contains("$['library']['books'][1]['price']"))

            assertion.schema = try Self.expectation(#"{"type": "number", "exclusiveMinimum": 0}"#)
            let passing = await Self.run(Expectations(json: [assertion]), url: "json", on: server)
            #expect(passing.status == .passed, "\(passing.failureMessages)")
        }
    }
}
