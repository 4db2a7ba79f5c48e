import Foundation
import JSONPath
import Testing

@testable import AFSuite

/// `schema` in `expect` and on a JSONPath subject: files and inline schemas, and `afrun validate`'s reports.
@Suite struct SchemaExpectationTests {
    static let user =
        #"{"type": "object", "required": ["id"], "properties": {"id": {"$ref": "common.json#/$defs/id"}}}"#
    static let common = #"{"$defs": {"id": {"type": "integer"}}}"#

    @Test func decodesFileInlineAndPathSchemasCompiledOncePerFile() throws {
        try withTemporaryFolder { root in
            try root.write(Self.user, to: "_data/user.schema.json")
            try root.write(Self.common, to: "_data/common.json")
            try root.write(
                #"""
                {"tests": [
                  {"name": "a", "request": {"url": "http://h/"}, "expect": {"schema": "_data/user.schema.json"}},
                  {"name": "b", "request": {"url": "http://h/"}, "expect": {"schema": "_data/user.schema.json"}},
                  {"name": "c", "request": {"url": "http://h/"}, "expect": {"schema": {"type": "array"},
                    "json": [{"path": "$[*]", "schema": {"type": "integer"}, "count": 2}]}}
                ]}
                """#,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            #expect(result.errors.isEmpty, "\(result.errors)")
            let tests = try #require(result.suites.first).tests
            let first = try #require(tests[0].expect.schema)
            #expect(first.file == "_data/user.schema.json")
            #expect(first.schema.isValid(try JSONValue(parsing: #"{"id": 3}"#)))
            #expect(!first.schema.isValid(try JSONValue(parsing: #"{"id": "3"}"#)))
            #expect(tests[2].expect.schema?.file == nil)
            #expect(tests[2].expect.json.first?.schema?.schema.isValid(.number(JSONNumber(1))) == true)
            #expect(tests[2].expect.json.first?.predicates.predicates.count == 1)
        }
    }

    @Test func validateReportsBadSchemasAtTheirPlace() throws {
        try withTemporaryFolder { root in
            try root.write(
                "{\"type\": \"object\",\n \"properties\": {\"id\": {\"type\": \"strin\"}}}",
                to: "_data/bad.schema.json"
            )
            try root.write("{\"type\": ", to: "_data/broken.json")
            try root.write(
                #"""
                {"tests": [
                  {"name": "a", "request": {"url": "http://h/"}, "expect": {"schema": "_data/bad.schema.json"}},
                  {"name": "b", "request": {"url": "http://h/"}, "expect": {"schema": "_data/broken.json"}},
                  {"name": "c", "request": {"url": "http://h/"}, "expect": {"schema": "_data/none.json"}},
                  {"name": "d", "request": {"url": "http://h/"}, "expect": {"json": [{"path": "$", "schema": {"minimum": "x"}}]}}
                ]}
                """#,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            let text = result.errors.map(\.description).joined(separator: "\n")
            #expect(result.suites.isEmpty)
            #expect(text.contains("_data/bad.schema.json:2:32"), "\(text)")
            #expect(text.contains("not a valid JSON Schema"))
            #expect(text.contains("_data/broken.json:1:10"), "\(text)")
            #expect(text.contains("_data/none.json"))
            #expect(text.contains("s.json:5:"), "\(text)")
        }
    }

    @Test func aReferenceLoopIsReportedAtItsPlaceInTheSchemaFile() throws {
        try withTemporaryFolder { root in
            try root.write(
                ##"{"$ref": "#/$defs/a","## + "\n"
                    + ##" "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}}"##,
                to: "_data/loop.schema.json"
            )
            try root.write(
                #"""
                {"tests": [
                  {"name": "a", "request": {"url": "http://h/"}, "expect": {"schema": "_data/loop.schema.json"}},
                  {"name": "b", "request": {"url": "http://h/"}, "expect": {"schema": {"$ref": "_data/loop.schema.json"}}},
                  {"name": "c", "request": {"url": "http://h/"},
                   "expect": {"json": [{"path": "$", "schema": {"$defs": {"x": {"not": {"$ref": "#/$defs/x"}}}, "$ref": "#/$defs/x"}}]}}
                ]}
                """#,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            let text = result.errors.map(\.description).joined(separator: "\n")
            #expect(result.suites.isEmpty)
            #expect(text.contains("_data/loop.schema.json:2:17"), "\(text)")
            #expect(text.contains("(#/$defs/a → #/$defs/b → #/$defs/b/allOf/0 → #/$defs/a)"), "\(text)")
            #expect(text.contains("refer back only inside `properties` or `items`"))
            // The inline schema of test b only refers to the file: the loop is shown there, where it can be broken.
            #expect(text.contains("reached by $ref from \(root.path)/s.json"), "\(text)")
            #expect(result.errors.filter { "\($0)".contains("_data/loop.schema.json:2:17") }.count == 2, "\(text)")
            #expect(text.contains("s.json:5:"), "\(text)")
        }
    }

    @Test func aSchemaOrOpenAPIFileThatIsAPipeIsNotReportedMissing() throws {
        try withTemporaryFolder { root in
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("_data"),
                withIntermediateDirectories: true
            )
            #expect(mkfifo(root.appendingPathComponent("_data/pipe.json").path, 0o600) == 0)
            try root.write(
                #"""
                {"tests": [
                  {"name": "a", "request": {"url": "http://h/"}, "expect": {"schema": "_data/pipe.json"}},
                  {"name": "b", "request": {"url": "http://h/"}, "expect": {"openapi": {"spec": "_data/pipe.json", "operationId": "x"}}}
                ]}
                """#,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            let text = result.errors.map(\.description).joined(separator: "\n")
            #expect(!text.contains("not found"), "\(text)")
            #expect(text.contains("the schema `_data/pipe.json` cannot be read: not a regular file: it is a FIFO"))
            #expect(text.contains("the OpenAPI document `_data/pipe.json` cannot be read: not a regular file"))
        }
    }
}
