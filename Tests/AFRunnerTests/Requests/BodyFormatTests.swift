import AFRunner
import FixtureServer
import Foundation
import Testing

/// `xml`, `graphql` and `bodyBase64` bodies, sent to the fixture server's echo, GraphQL and upload routes.
@Suite(.serialized) struct BodyFormatTests {
    @Test func xmlBodyIsSentAsApplicationXMLUnlessTheTestSetsAType() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "variables": {"id": "42"}, "tests": [
                  {"name": "implicit", "request": {"method": "POST", "url": "anything/xml",
                     "xml": "<order id=\\"{{id}}\\"><item>tea</item></order>"},
                   "expect": {"json": [{"path": "$.data", "equals": "<order id=\\"42\\"><item>tea</item></order>"},
                                       {"path": "$.headers['Content-Type']", "equals": "application/xml"}]}},
                  {"name": "explicit", "request": {"method": "PUT", "url": "anything/soap",
                     "headers": {"Content-Type": "application/soap+xml; charset=utf-8"}, "xml": "<Envelope/>"},
                   "expect": {"json": [{"path": "$.headers['Content-Type']", "equals": "application/soap+xml; charset=utf-8"}]}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let types = server.recordedRequests.compactMap { $0.header("Content-Type") }
            #expect(types == ["application/xml", "application/soap+xml; charset=utf-8"], "\(types)")
        }
    }

    @Test func graphqlIsSentAsTheJSONEnvelopeWithTypedVariables() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "variables": {"limit": 3, "tag": "tea"}, "tests": [
                  {"name": "full", "request": {"method": "POST", "url": "graphql", "graphql": {
                     "query": "query Orders($limit: Int, $tag: String) { orders(limit: $limit, tag: $tag) { id } }",
                     "variables": {"limit": "{{limit}}", "tag": "{{tag}}", "label": "tag {{tag}}"},
                     "operationName": "Orders"}},
                   "expect": {"status": 200, "json": [
                     {"path": "$.data.variables", "equals": {"limit": 3, "tag": "tea", "label": "tag tea"}},
                     {"path": "$.data.operationName", "equals": "Orders"},
                     {"path": "$.data.query", "matches": "^query Orders"}]}},
                  {"name": "query only", "request": {"method": "POST", "url": "graphql", "graphql": {"query": "{ ping }"}},
                   "expect": {"status": 200, "json": [{"path": "$.data.variables", "equals": null},
                                                      {"path": "$.data.operationName", "equals": null}]}}
                ]}
                """,
                server: server
            )
            #expect(results.allSatisfy { $0.status == .passed }, "\(results.problems)")
            let arrived = server.recordedRequests.filter { $0.path == "/graphql" }
            #expect(arrived.count == 2)
            #expect(arrived.allSatisfy { $0.header("Content-Type") == "application/json" })
        }
    }

    @Test func bodyBase64SendsTheDecodedBytes() async throws {
        try await withFixtureServer(HeaderFeatureTests.configuration()) { server in
            let results = try await SuiteText.run(
                """
                {"baseURL": "{{base}}", "variables": {"tail": "TkC="}, "tests": [
                  {"name": "bytes", "request": {"method": "POST", "url": "upload", "bodyBase64": "AAEC/4lQ\\nTkc="},
                   "expect": {"json": [{"path": "$.size", "equals": 8},
                     {"path": "$.sha256", "equals": "4a55d1b9170bff823161b4b6087c5d21419899a8b53161d4c85ebc73505c2378"}]}},
                  {"name": "rendered", "request": {"method": "POST", "url": "upload", "bodyBase64": "AAEC/4lQ{{tail}}"}},
                  {"name": "bad after rendering", "request": {"method": "POST", "url": "upload", "bodyBase64": "{{tail}}!"}}
                ]}
                """,
                server: server
            )
            #expect(results.named("bytes")?.status == .passed, "\(results.problems)")
            #expect(results.named("rendered")?.status == .passed, "\(results.problems)")
            let bad = try #require(results.named("bad after rendering"))
            #expect(bad.status == .error)
            #expect(bad.failureMessages.joined().contains("not valid base64"), "\(bad.failureMessages)")
            let upload = try #require(server.recordedRequests.first { $0.path == "/upload" })
            #expect(upload.header("Content-Type") == "application/octet-stream")
            #expect(server.recordedRequests.filter { $0.path == "/upload" }.count == 2)
        }
    }

    @Test func validateChecksTheNewBodies() throws {
        let problems = try SuiteText.problems(
            """
            {"baseURL": "http://x", "tests": [
              {"name": "a", "request": {"url": "a", "bodyBase64": "AAEC*w=="}},
              {"name": "b", "request": {"url": "b", "graphql": {"variables": [1], "operation": "X"}}},
              {"name": "c", "request": {"url": "c", "xml": "<a/>", "json": {}}},
              {"name": "d", "request": {"url": "d", "xml": 5, "bodyBase64": "{{nope}}"}}
            ]}
            """
        )
        #expect(problems.contains { $0.contains("suite.json:2:60:") && $0.contains("not valid base64") }, "\(problems)")
        #expect(problems.contains { $0.contains("suite.json:3:") && $0.contains("unknown key `operation`") })
        #expect(problems.contains { $0.contains("suite.json:3:") && $0.contains("missing `query`") })
        #expect(problems.contains { $0.contains("suite.json:3:") && $0.contains("`variables`") })
        #expect(problems.contains { $0.contains("suite.json:4:") && $0.contains("json") && $0.contains("xml") })
        #expect(problems.contains { $0.contains("suite.json:5:") && $0.contains("xml") })
        #expect(problems.count == 6, "\(problems)")
    }
}
