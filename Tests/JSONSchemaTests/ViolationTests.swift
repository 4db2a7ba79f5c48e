import JSONPath
import JSONSchema
import Testing

/// Violations as values: locations, messages, every failure up to the limit.
@Suite struct ViolationTests {
    static let order = try! JSONValue(
        parsing: #"""
            {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object",
             "properties": {"price": {"type": "number"}}, "required": ["price"]}}}}
            """#
    )

    @Test func reportsInstanceAndKeywordLocations() throws {
        let schema = try JSONSchema(compiling: Self.order)
        let instance = try JSONValue(
            parsing: #"{"items": [{"price": 1}, {"price": 2}, {"price": 3}, {"price": "x"}, {}]}"#
        )
        let result = schema.validate(instance)
        #expect(
            result.violations.map(\.description) == [
                "/items/3/price: expected number, got string (at #/properties/items/items/properties/price/type)",
                "/items/4: missing required member \"price\" (at #/properties/items/items/required)",
            ]
        )
        #expect(!schema.isValid(instance))
        #expect(schema.isValid(try JSONValue(parsing: #"{"items": [{"price": 1.5}]}"#)))
    }

    @Test func stopsAtTheViolationLimit() throws {
        let schema = try JSONSchema(
            compiling: try JSONValue(parsing: #"{"items": {"type": "string"}}"#),
            options: .init(maxViolations: 3)
        )
        let result = schema.validate(.array((0..<10).map { .number(JSONNumber($0)) }))
        #expect(result.violations.count == 3)
        #expect(result.truncated)
    }

    @Test func formatIsAnAnnotationUnlessAsserted() throws {
        let json = try JSONValue(parsing: #"{"format": "date-time"}"#)
        #expect(try JSONSchema(compiling: json).isValid(.string("yesterday")))
        let asserted = try JSONSchema(compiling: json, options: .init(formatAssertion: true))
        #expect(!asserted.isValid(.string("yesterday")))
        #expect(asserted.isValid(.string("2026-11-26T12:00:00Z")))
    }

    @Test func otherFilesComeFromTheLoaderAndRemoteOnesAreRefused() throws {
        let common = try JSONValue(parsing: #"{"$defs": {"id": {"type": "integer"}}}"#)
        let loader: JSONSchema.Loader = { uri in uri == "file:///schemas/common.json" ? common : nil }
        let schema = try JSONSchema(
            compiling: try JSONValue(parsing: #"{"$ref": "common.json#/$defs/id"}"#),
            baseURI: "file:///schemas/user.json",
            loader: loader
        )
        #expect(schema.isValid(.number(JSONNumber(3))))
        let failure = schema.validate(.string("3")).violations.first
        #expect(failure?.keywordLocation == "file:///schemas/common.json#/$defs/id/type")

        let remote = try JSONValue(parsing: #"{"$ref": "https://example.test/s.json"}"#)
        #expect(throws: JSONSchemaError.remoteReferenceRefused(reference: "https://example.test/s.json", at: "#")) {
            try JSONSchema(compiling: remote, loader: { _ in .bool(true) })
        }
        #expect(throws: JSONSchemaError.unresolvedReference(reference: "missing.json", at: "#")) {
            try JSONSchema(compiling: try JSONValue(parsing: #"{"$ref": "missing.json"}"#), loader: { _ in nil })
        }
    }

    @Test func schemasAreCheckedAgainstTheirMetaschema() throws {
        let bad = try JSONValue(parsing: #"{"type": "strin", "minItems": -1}"#)
        let violations = JSONSchema.metaschemaViolations(of: bad)
        #expect(Set(violations.map(\.instanceLocation)) == ["/type", "/minItems"])
        #expect(JSONSchema.metaschemaViolations(of: Self.order).isEmpty)
        let draft07 = try JSONValue(
            parsing:
                #"{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}], "additionalItems": false}"#
        )
        #expect(JSONSchema.metaschemaViolations(of: draft07).isEmpty)
        let compiled = try JSONSchema(compiling: draft07)
        #expect(compiled.isValid(try JSONValue(parsing: #"["a"]"#)))
        #expect(!compiled.isValid(try JSONValue(parsing: #"["a", 1]"#)))
    }
}
