import JSONPath
import JSONSchema
import Testing

/// Schemas and instances built to make validation run forever or exhaust the stack: each must end
/// with an error or a violation that says why.
@Suite struct HostileSchemaTests {
    private static func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    @Test func referencesThatLoopInPlaceAreRefused() throws {
        #expect(
            throws: JSONSchemaError.referenceCycle(locations: ["#/$defs/a", "#/$defs/b", "#/$defs/a"])
        ) {
            try JSONSchema(
                compiling: try Self.json(
                    ##"{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}"##
                )
            )
        }
        #expect(throws: JSONSchemaError.referenceCycle(locations: ["#", "#/allOf/0", "#"])) {
            try JSONSchema(compiling: try Self.json(##"{"allOf": [{"$ref": "#"}]}"##))
        }
        #expect(throws: JSONSchemaError.referenceCycle(locations: ["#", "#/anyOf/1", "#/anyOf/1/not", "#"])) {
            try JSONSchema(compiling: try Self.json(##"{"anyOf": [{"type": "string"}, {"not": {"$ref": "#"}}]}"##))
        }
    }

    @Test func aLoopAcrossFilesIsRefusedWithBothFiles() throws {
        let other = try Self.json(#"{"$ref": "main.json"}"#)
        let main = try Self.json(#"{"$ref": "other.json"}"#)
        do throws(JSONSchemaError) {
            _ = try JSONSchema(
                compiling: main,
                baseURI: "file:///s/main.json",
                loader: { uri in uri == "file:///s/other.json" ? other : nil }
            )
            Issue.record("a loop across files compiled")
        } catch {
            #expect(error == .referenceCycle(locations: ["#", "file:///s/other.json#", "#"]))
            #expect(error.location == "#")
            #expect(error.description.contains("# → file:///s/other.json# → #"), "\(error)")
        }
    }

    @Test func recursionThroughMembersAndItemsIsFine() throws {
        let tree = try JSONSchema(
            compiling: try Self.json(
                ##"{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}}"##
            )
        )
        #expect(tree.isValid(try Self.json(#"{"children": [{"children": []}, {}]}"#)))
        #expect(!tree.isValid(try Self.json(#"{"children": [1]}"#)))
    }

    @Test func aDocumentTooDeepForItsRecursiveSchemaStopsWithAViolation() throws {
        let nested = try JSONSchema(
            compiling: try Self.json(
                ##"""
                {"$defs": {"n": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/n"}}, {"type": "integer"}]}},
                 "$ref": "#/$defs/n", "unevaluatedItems": false}
                """##
            )
        )
        #expect(nested.isValid(try Self.json(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))))
        let deepest = try Self.json(String(repeating: "[", count: 511) + String(repeating: "]", count: 511))
        let result = nested.validate(deepest)
        #expect(!result.isValid)
        #expect(result.violations.count == 1)
        #expect(
            result.violations.first?.message.hasPrefix("validation stopped: subschemas nest more than 1000") == true
        )
        #expect(!nested.isValid(deepest))
    }

    @Test func aDynamicReferenceLoopStopsWithAViolation() throws {
        let looping = try JSONSchema(
            compiling: try Self.json(
                ##"{"$dynamicAnchor": "x", "anyOf": [{"$dynamicRef": "#x"}, {"$dynamicRef": "#x"}]}"##
            )
        )
        let result = looping.validate(.null)
        #expect(result.violations.contains { $0.message.hasPrefix("validation stopped") })
    }

    @Test func aSchemaNestedHundredsOfLevelsFailsItsMetaschemaCheck() throws {
        let levels = 450
        let deep = try Self.json(
            String(repeating: #"{"not": "#, count: levels) + "{}" + String(repeating: "}", count: levels)
        )
        let violations = JSONSchema.metaschemaViolations(of: deep)
        #expect(violations.contains { $0.message.hasPrefix("validation stopped") })
    }
}
