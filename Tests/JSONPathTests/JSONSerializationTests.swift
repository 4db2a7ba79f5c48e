import Foundation
import JSONPath
import Testing

/// `serialized` writes valid JSON that parses back to the same value.
struct JSONSerializationTests {
    static let roundTrips = [
        "null", "true", "[1,2.50,-0,1e400,12345678901234567890123]", "{\"b\":[],\"a\":{}}",
        "\"tab\\tquote\\\"back\\\\nl\\n\\u0001é😀/\"", "[[[{\"x\":[null]}]]]",
    ]

    @Test(arguments: roundTrips)
    func compactFormRoundTrips(text: String) throws {
        let value = try JSONValue(parsing: text)
        let written = value.serialized()
        #expect(written == text.replacingOccurrences(of: "\\/", with: "/"))
        #expect(try JSONValue(parsing: written) == value)
    }

    @Test(arguments: roundTrips)
    func prettyFormRoundTrips(text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: value.serialized(pretty: true)) == value)
    }

    @Test func prettyIndentsByTwoSpaces() throws {
        let value = try JSONValue(parsing: "{\"b\":[1,{}],\"a\":\"x\"}")
        #expect(value.serialized(pretty: true) == "{\n  \"b\": [\n    1,\n    {}\n  ],\n  \"a\": \"x\"\n}")
        #expect(value.serialized(sortedKeys: true) == "{\"a\":\"x\",\"b\":[1,{}]}")
    }

    @Test func escapesControlCharacters() {
        #expect(JSONValue.string("\u{1F}\u{8}\u{C}\r").serialized() == "\"\\u001f\\b\\f\\r\"")
    }

    @Test func writesNonFiniteNumbersAsNull() {
        #expect(JSONValue.number(JSONNumber(Double.nan)).serialized() == "null")
        #expect(JSONValue.number(JSONNumber(Double.infinity)).serialized() == "null")
    }
}
