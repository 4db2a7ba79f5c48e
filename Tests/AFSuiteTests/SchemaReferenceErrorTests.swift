import Foundation
import JSONPath
import Testing

@testable import AFSuite

/// A schema file that another one reaches through `$ref` and that cannot be used is reported at its own line
/// and column, not at the start of the file that refers to it.
@Suite struct SchemaReferenceErrorTests {
    /// `b.schema.json` misspells a type on line 2; `broken.schema.json` stops being JSON on line 2.
    static func writeSchemas(in root: URL) throws {
        try root.write(#"{"properties": {"id": {"$ref": "b.schema.json#/$defs/id"}}}"#, to: "_data/a.schema.json")
        try root.write("{\"$defs\": {\n  \"id\": {\"type\": \"strng\"}\n}}", to: "_data/b.schema.json")
        try root.write(#"{"items": {"$ref": "broken.schema.json"}}"#, to: "_data/list.schema.json")
        try root.write("{\"type\": \"object\",\n \"properties\": }", to: "_data/broken.schema.json")
        try root.write(#"{"items": {"$ref": "absent.schema.json"}}"#, to: "_data/c.schema.json")
        try root.write("{\"allOf\": [\n  {\"$ref\": \"c.schema.json\"}]}", to: "_data/chain.schema.json")
    }

    @Test func aSuiteNamesTheReferencedFileAndThePlaceInIt() throws {
        try withTemporaryFolder { root in
            try Self.writeSchemas(in: root)
            try root.write(
                #"""
                {"tests": [
                  {"name": "a", "request": {"url": "http://h/"}, "expect": {"schema": "_data/a.schema.json"}},
                  {"name": "b", "request": {"url": "http://h/"}, "expect": {"schema": "_data/list.schema.json"}},
                  {"name": "c", "request": {"url": "http://h/"},
                   "expect": {"json": [{"path": "$", "schema": {"$ref": "_data/a.schema.json"}}]}},
                  {"name": "d", "request": {"url": "http://h/"}, "expect": {"schema": "_data/chain.schema.json"}}
                ]}
                """#,
                to: "s.json"
            )
            let result = SuiteLoader(environment: [:]).load(paths: [root.appendingPathComponent("s.json").path])
            let errors = result.errors.map(\.description)
            let text = errors.joined(separator: "\n")
            #expect(result.suites.isEmpty)
            // The misspelt type, from a schema file and from an inline schema: b's line 2, column 9 (`{"type"…`).
            let misspelt = errors.filter { $0.contains("_data/b.schema.json:2:9") }
            #expect(misspelt.count == 2, "\(text)")
            #expect(
                misspelt.allSatisfy { $0.contains(#"#/$defs/id/type: unknown type "strng" (the types are"#) },
                "\(text)"
            )
            #expect(text.contains("reached by $ref from \(root.path)/_data/a.schema.json"), "\(text)")
            #expect(text.contains("reached by $ref from \(root.path)/s.json"), "\(text)")
            #expect(text.contains("correct the schema there in \(root.path)/_data/b.schema.json"), "\(text)")
            // Not JSON: the syntax error's place in the referenced file.
            #expect(text.contains("_data/broken.schema.json:2:16"), "\(text)")
            #expect(text.contains("fix the JSON syntax of \(root.path)/_data/broken.schema.json"), "\(text)")
            // A file two references away that does not exist: at the `$ref` that names it, in c.
            #expect(text.contains("_data/c.schema.json:1:11"), "\(text)")
            #expect(text.contains("absent.schema.json"), "\(text)")
        }
    }

    @Test func theJSONSchemaCommandsCompileNamesTheReferencedFile() throws {
        try withTemporaryFolder { root in
            try Self.writeSchemas(in: root)
            let messages = [
                "a.schema.json", "list.schema.json",
            ].map { name -> String in
                let path = root.appendingPathComponent("_data/\(name)").path
                guard case .failure(let problems) = SchemaFileLoader.compile(path: path) else { return "compiled" }
                return problems.messages.joined(separator: "\n")
            }
            #expect(messages[0].hasPrefix("\(root.path)/_data/b.schema.json:2:9: #/$defs/id/type"), "\(messages[0])")
            #expect(messages[0].hasSuffix("(reached by $ref from \(root.path)/_data/a.schema.json)"), "\(messages[0])")
            #expect(messages[1].hasPrefix("\(root.path)/_data/broken.schema.json:2:16: invalid JSON"), "\(messages[1])")
        }
    }
}
