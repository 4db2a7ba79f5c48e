import Foundation
import Testing

@testable import AFSuite

/// `openapi` in `expect` and in `defaults`: the document read once, unknown operations reported.
@Suite struct OpenAPIExpectationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/openapi.yaml").path

    @Test func operationsByIdPathAndDefaults() throws {
        try withTemporaryFolder { root in
            try root.write(
                """
                {"defaults": {"openapi": {"spec": "\(Self.fixture)", "operationId": "getUser"}}, "tests": [
                  {"name": "a", "request": {"url": "http://h/users/1"}},
                  {"name": "b", "request": {"url": "http://h/api/users"}, "expect": {"openapi": {"path": "/api/users", "method": "post"}}},
                  {"name": "c", "request": {"url": "http://h/x"}, "expect": {"openapi": {"operationId": "getBrokenUser"}}}
                ]}
                """,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            #expect(result.errors.isEmpty, "\(result.errors)")
            let tests = try #require(result.suites.first).tests
            #expect(tests.map { $0.expect.openapi?.operation?.name } == ["getUser", "createUser", "getBrokenUser"])
        }
    }

    @Test func withoutAnOperationTheRequestFindsIt() throws {
        try withTemporaryFolder { root in
            try root.write(
                """
                {"defaults": {"openapi": {"spec": "\(Self.fixture)"}}, "tests": [
                  {"name": "a", "request": {"url": "http://h/v1/users/{{id}}"}},
                  {"name": "b", "request": {"method": "POST", "url": "http://h/api/users"}}
                ], "variables": {"id": 3}}
                """,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            #expect(result.errors.isEmpty, "\(result.errors)")
            let tests = try #require(result.suites.first).tests
            let first = try #require(tests[0].expect.openapi)
            #expect(first.operation == nil)
            #expect(first.index?.operation(method: first.method, path: "/v1/users/3")?.name == "getUser")
            #expect(first.index?.operation(method: first.method, path: "/v1/contract/users/3")?.name == "getBrokenUser")
            #expect(first.index?.operation(method: first.method, path: "/nothing") == nil)
            let second = try #require(tests[1].expect.openapi)
            #expect(second.index?.operation(method: second.method, path: "/api/users")?.name == "createUser")
        }
    }

    @Test func validateReportsUnknownOperationsAndDocuments() throws {
        try withTemporaryFolder { root in
            try root.write("openapi: 3.0.3\ninfo: {title: t}\n", to: "bad.yaml")
            try root.write(
                """
                {"tests": [
                  {"name": "a", "request": {"url": "http://h/"}, "expect": {"openapi": {"spec": "\(Self.fixture)", "operationId": "getUsr"}}},
                  {"name": "b", "request": {"url": "http://h/"}, "expect": {"openapi": {"spec": "\(Self.fixture)", "path": "/nowhere"}}},
                  {"name": "c", "request": {"url": "http://h/"}, "expect": {"openapi": {"spec": "bad.yaml", "operationId": "x"}}},
                  {"name": "d", "request": {"url": "http://h/"}, "expect": {"openapi": {"operationId": "x"}}}
                ]}
                """,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            let text = result.errors.map(\.description).joined(separator: "\n")
            #expect(text.contains("did you mean `getUser`?"), "\(text)")
            #expect(text.contains("s.json:2:"), "\(text)")
            #expect(text.contains("documents no GET /nowhere"))
            #expect(text.contains("bad.yaml:1:1"))
            #expect(text.contains("missing `spec`"), "\(text)")
        }
    }

    @Test func aYAMLSyntaxErrorIsShownWhereTheParserStopped() throws {
        try withTemporaryFolder { root in
            try root.write(
                "openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\npaths:\n  /get: [\n    get: {\n",
                to: "bad.yaml"
            )
            try root.write(
                #"{"tests": [{"name": "a", "request": {"url": "http://h/"}, "expect": {"openapi": {"spec": "bad.yaml"}}}]}"#,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            let text = result.errors.map(\.description).joined(separator: "\n")
            #expect(text.contains("bad.yaml:8:1"), "\(text)")
            #expect(text.contains("not valid YAML at line 8, column 1: did not find expected node content"), "\(text)")
            #expect(!text.contains("\n    get"), "the message is one line, without the document's text: \(text)")
        }
    }
}
