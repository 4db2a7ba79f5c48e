import AFOpenAPI
import Foundation
import JSONPath
import Testing

/// Reading OpenAPI 3.0 YAML and 3.1 JSON with OpenAPIKit, and checking responses against an operation.
@Suite struct OpenAPIContractTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/openapi.yaml")

    static func headers(_ pairs: [String: String]) -> (String) -> String? {
        { name in pairs.first { $0.key.lowercased() == name.lowercased() }?.value }
    }

    @Test func openAPI30YAMLWithNullable() throws {
        let contract = try OpenAPIContract(data: Data(contentsOf: Self.fixture))
        #expect(contract.operationIds.contains("getUser"))
        let operation = try #require(try contract.operation(id: "getUser"))
        let json = Self.headers(["Content-Type": "application/json"])
        let good = operation.check(
            status: 200,
            header: json,
            body: Data(#"{"id": 7, "name": "U", "email": "u@x.test", "active": true, "team": null}"#.utf8)
        )
        #expect(good.allSatisfy { $0.passed }, "\(good)")

        let bad = operation.check(
            status: 200,
            header: json,
            body: Data(#"{"id": "7", "name": "U", "active": true}"#.utf8)
        )
        let body = try #require(bad.first { $0.check == "body" })
        #expect(!body.passed)
        #expect(body.message.contains("/id: expected integer, got string"), "\(body.message)")
        #expect(body.message.contains("missing required member \"email\""))

        let undocumented = operation.check(status: 500, header: json, body: Data())
        #expect(undocumented.map(\.passed) == [false])
        #expect(undocumented[0].message.contains("status 500 is not documented for getUser (documented: 200, 400)"))

        let text = operation.check(
            status: 200,
            header: Self.headers(["Content-Type": "text/plain"]),
            body: Data("x".utf8)
        )
        #expect(text.contains { $0.check == "contentType" && !$0.passed })
    }

    @Test func headersAndPathPlusMethod() throws {
        let contract = try OpenAPIContract(data: Data(contentsOf: Self.fixture))
        let operation = try #require(try contract.operation(path: "/api/users", method: "POST"))
        let body = Data(#"{"id": 3, "name": "n", "nickname": null}"#.utf8)
        let good = operation.check(
            status: 201,
            header: Self.headers(["Content-Type": "application/json", "Location": "/api/users/3"]),
            body: body
        )
        #expect(good.allSatisfy { $0.passed }, "\(good)")
        let missing = operation.check(
            status: 201,
            header: Self.headers(["Content-Type": "application/json"]),
            body: body
        )
        #expect(missing.contains { $0.check == "header" && $0.target == "Location" && !$0.passed })
        let wrong = operation.check(
            status: 201,
            header: Self.headers(["Content-Type": "application/json", "Location": "/elsewhere"]),
            body: body
        )
        #expect(wrong.contains { $0.check == "header" && !$0.passed })
        let unknown = try contract.operation(id: "nope")
        #expect(unknown == nil)
    }

    @Test func openAPI31JSON() throws {
        let document = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {"/n": {"get": {"operationId": "n", "responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"type": ["integer", "null"], "maximum": 5}}}}}}}}}
            """#
        let contract = try OpenAPIContract(data: Data(document.utf8))
        let operation = try #require(try contract.operation(id: "n"))
        let json = Self.headers(["Content-Type": "application/json; charset=utf-8"])
        #expect(operation.check(status: 200, header: json, body: Data("null".utf8)).allSatisfy { $0.passed })
        #expect(!operation.check(status: 200, header: json, body: Data("9".utf8)).allSatisfy { $0.passed })
    }

    @Test func notAnOpenAPIDocument() {
        #expect(throws: OpenAPIError.unreadable(reason: "it has no top-level `openapi` field")) {
            try OpenAPIContract(data: Data("just: yaml".utf8))
        }
    }

    /// A Swagger 2.0 document (httpbin's, many older APIs') is named as such, with the way to convert it.
    @Test func aSwaggerDocumentIsNamedWithTheWayToConvertIt() {
        let swagger = #"{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}"#
        #expect(throws: OpenAPIError.swagger(version: "2.0")) { try OpenAPIContract(data: Data(swagger.utf8)) }
        #expect(OpenAPIError.swagger(version: "2.0").fix.contains("swagger2openapi"))
    }

    /// An HTML page saved in the document's place (a 404 page from a wrong URL) says what it starts with.
    @Test func anHTMLPageIsNotAMapping() {
        let page = "<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n"
        #expect(throws: OpenAPIError.notAMapping(start: "<!doctype html>")) {
            try OpenAPIContract(data: Data(page.utf8))
        }
        #expect(throws: OpenAPIError.notAMapping(start: "[1, 2]")) { try OpenAPIContract(data: Data("[1, 2]".utf8)) }
    }

    @Test func aHeaderFailureSaysWhyAsTextAndAsJSON() throws {
        let contract = try OpenAPIContract(
            data: Data(
                """
                {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/h": {"get": {
                  "operationId": "h", "responses": {"200": {"description": "ok",
                    "headers": {"X-Count": {"required": true, "schema": {"type": "integer", "maximum": 10}}}}}}}}}
                """.utf8
            ),
            name: "h.json"
        )
        let operation = try #require(try contract.operation(id: "h"))
        let messages = ["abc", "156", "7"].map { value in
            operation.check(status: 200, header: Self.headers(["X-Count": value]), body: Data())
                .first { $0.check == "header" }?.message ?? ""
        }
        #expect(
            messages[0]
                == #"X-Count: "abc" does not match its schema (as text: /: expected integer, got string (at h.json#/paths/~1h/get/responses/200/headers/X-Count/schema/type))"#,
            "\(messages[0])"
        )
        #expect(
            messages[1].contains("as JSON 156: /: 156 is greater than the maximum 10 (at h.json#/"),
            "\(messages[1])"
        )
        #expect(messages[2] == "X-Count matches its schema")
    }

    @Test func aReferenceLoopIsReportedWithTheDocumentsName() throws {
        let contract = try OpenAPIContract(
            data: Data(
                """
                {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {
                  "operationId": "a", "responses": {"200": {"description": "ok",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/A"}}}}}}}},
                 "components": {"schemas": {"A": {"$ref": "#/components/schemas/B"}, "B": {"allOf": [{"$ref": "#/components/schemas/A"}]}}}}
                """.utf8
            ),
            name: "loop.json"
        )
        #expect(throws: OpenAPIError.self) { try contract.operation(id: "a") }
        do {
            _ = try contract.operation(id: "a")
        } catch {
            #expect(!error.description.contains("urn:afrun"), "\(error)")
            #expect(error.description.contains("loop.json#/components/schemas/A → loop.json#/components/schemas/B"))
        }
    }

    @Test func yamlAliasesThatExpandWithoutBoundAreRefused() throws {
        var yaml =
            "openapi: 3.0.3\ninfo: {title: l, version: \"1\"}\nx-0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml +=
                "x-\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ")
                + "]\n"
        }
        yaml += "paths: {}\n"
        #expect {
            try OpenAPIContract(data: Data(yaml.utf8), name: "laughs.yaml")
        } throws: { error in
            "\(error)".contains("YAML aliases (*name) expand to more than 2000000 values")
        }
        // Aliases that expand to little are fine.
        let shared = """
            openapi: 3.0.3
            info: {title: s, version: "1"}
            paths:
              /a: {get: {operationId: a, responses: {"200": &ok {description: ok}}}}
              /b: {get: {operationId: b, responses: {"200": *ok}}}
            """
        let contract = try OpenAPIContract(data: Data(shared.utf8))
        #expect(contract.operationIds.sorted() == ["a", "b"])
    }

    @Test func nestingDeeperThanTheDecoderCanTakeIsRefused() throws {
        func document(levels: Int) -> Data {
            Data(
                """
                openapi: 3.0.3
                info: {title: d, version: "1"}
                paths:
                  /get:
                    get:
                      operationId: g
                      responses:
                        "200":
                          description: ok
                          content:
                            application/json:
                              schema: \(String(repeating: "{not: ", count: levels)){}\(String(repeating: "}", count: levels))
                """.utf8
            )
        }
        #expect {
            try OpenAPIContract(data: document(levels: 800), name: "deep.yaml")
        } throws: { error in
            "\(error)".contains("nests mappings and sequences more than 256 levels deep")
        }
        let fine = try OpenAPIContract(data: document(levels: 100))
        #expect(try fine.operation(id: "g") != nil)
    }
}
