import AFOpenAPI
import AFRunner
import AFSuite
import FixtureServer
import Foundation
import Testing

/// `openapi` checks against the fixture server's routes and the document in `fixtures/openapi.yaml`.
@Suite struct OpenAPIAssertionTests {
    static let contract: OpenAPIContract = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures/openapi.yaml")
        return try! OpenAPIContract(data: Data(contentsOf: url))
    }()

    private static func run(_ operationId: String, url: String, on server: FixtureServer) async throws -> TestResult {
        var expect = Expectations()
        let operation = try #require(try contract.operation(id: operationId))
        expect.openapi = OpenAPIExpectation(operation: operation, spec: "openapi.yaml", location: nil)
        let test = TestCase(
            name: "t",
            location: SourceLocation(file: "t.json", line: 1, column: 1, pointer: ""),
            request: RequestSpec(url: url),
            expect: expect
        )
        let suite = Suite(
            file: URL(fileURLWithPath: "/tmp/openapi.json"),
            displayPath: "openapi.json",
            name: "openapi",
            baseURL: server.httpURL.absoluteString,
            variables: [],
            parallel: false,
            tests: [test]
        )
        return await Runner(options: RunOptions()).run([suite], run: .test, sinks: []).results[0]
    }

    @Test func aDocumentedRoutePasses() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let result = try await Self.run("getUser", url: "users/7", on: server)
            #expect(result.status == .passed, "\(result.failureMessages)")
            let error = try await Self.run("getUser", url: "users/0", on: server)
            #expect(error.status == .passed, "\(error.failureMessages)")
        }
    }

    @Test func theBreakingRouteFailsWithEveryViolation() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let result = try await Self.run("getBrokenUser", url: "contract/users/3", on: server)
            #expect(result.status == .failed)
            let message = result.failureMessages.joined(separator: "\n")
            #expect(message.contains("/id: expected integer, got string"), "\(message)")
            #expect(message.contains("missing required member \"email\""))
            #expect(message.contains("member \"role\" is not allowed"))
            let undocumented = try await Self.run("getBrokenUser", url: "status/500", on: server)
            #expect(undocumented.failureMessages.joined().contains("status 500 is not documented for getBrokenUser"))
        }
    }
}
