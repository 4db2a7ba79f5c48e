import Foundation
import Testing

@testable import JSONPath

/// RFC 8259 acceptance and rejection, with the place of each error.
struct JSONParserTests {
    static let valid: [(String, JSONValue)] = [
        ("null", .null),
        (" true ", .bool(true)),
        ("false", .bool(false)),
        ("0", .number(JSONNumber(0))),
        ("-0", .number(JSONNumber(literal: "-0")!)),
        ("12345678901234567890123", .number(JSONNumber(literal: "12345678901234567890123")!)),
        ("1.5e-3", .number(JSONNumber(literal: "0.0015")!)),
        ("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
        ("\"\\u00e9\\uD83D\\uDE00\"", .string("é😀")),
        ("\"é😀\"", .string("é😀")),
        ("[]", .array([])),
        ("{}", .object(JSONObject())),
        (
            "[1, [2, {\"a\": null}]]",
            .array([.number(JSONNumber(1)), .array([.number(JSONNumber(2)), .object(JSONObject([("a", .null)]))])])
        ),
        ("\u{FEFF}{\"k\":\"v\"}", .object(JSONObject([("k", .string("v"))]))),
        ("\t\r\n [ ]\n", .array([])),
    ]

    @Test(arguments: valid)
    func parsesValidDocuments(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
    }

    static let invalid: [(text: String, line: Int, column: Int, message: String)] = [
        ("", 1, 1, "empty"),
        ("[1,]", 1, 4, "trailing comma"),
        ("{\"a\":1,}", 1, 8, "trailing comma"),
        ("01", 1, 1, "leading zeros"),
        ("-", 1, 2, "digit after '-'"),
        ("1.", 1, 3, "decimal point"),
        ("1e", 1, 3, "exponent"),
        ("\"\\x\"", 1, 2, "invalid escape"),
        ("\"\\u12\"", 1, 2, "four hexadecimal"),
        ("\"\\uD800\"", 1, 2, "unpaired surrogate"),
        ("\"\\uDC00\"", 1, 2, "unpaired low surrogate"),
        ("\"\\uD800\\u0041\"", 1, 2, "not a low surrogate"),
        ("\"a\nb\"", 1, 3, "control character"),
        ("\"abc", 1, 1, "unterminated"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("{a:1}", 1, 2, "member name"),
        ("trUE", 1, 1, "lowercase"),
        ("True", 1, 1, "character 'T'"),
        ("nul", 1, 1, "expected 'null'"),
        ("1 2", 1, 3, "exactly one value"),
        ("[\n  1,\n  é\n]", 3, 3, "expected a JSON value"),
        ("// comment\n1", 1, 1, "expected a JSON value"),
        ("NaN", 1, 1, "expected a JSON value"),
    ]

    @Test(arguments: invalid)
    func rejectsInvalidDocuments(text: String, line: Int, column: Int, message: String) {
        #expect {
            try JSONValue(parsing: Data(text.utf8))
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == line && error.column == column && error.message.contains(message)
        }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(bytes)) }
    }

    @Test func limitsNestingDepth() throws {
        let ok =
            String(repeating: "[", count: JSONValue.maximumDepth)
            + String(repeating: "]", count: JSONValue.maximumDepth)
        _ = try JSONValue(parsing: Data(ok.utf8))
        let deep = String(repeating: "[", count: 100_000)
        #expect {
            try JSONValue(parsing: Data(deep.utf8))
        } throws: { error in
            (error as? JSONParseError)?.message.contains("nest deeper") == true
        }
    }

    @Test func keepsMemberOrderAndLastDuplicate() throws {
        let value = try JSONValue(parsing: "{\"b\":1,\"a\":2,\"b\":3}")
        guard case .object(let object) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == .number(JSONNumber(3)))
    }

    @Test func errorDescriptionNamesLineAndColumn() {
        let error = JSONParseError(message: "boom", offset: 3, line: 2, column: 4)
        #expect(error.description == "line 2, column 4: boom")
    }
}

/// Each parse error has a kind a caller can switch on.
struct JSONParseErrorKindTests {
    static let cases: [(bytes: [UInt8], kind: JSONParseError.Kind)] = [
        (Array("[1 2]".utf8), .syntax),
        (Array("".utf8), .syntax),
        (Array("[01]".utf8), .invalidNumber),
        (Array("\"\\x\"".utf8), .invalidString),
        (Array("\"\\uDC00\"".utf8), .invalidString),
        ([0x22, 0xFF, 0x22], .invalidUTF8),
        (Array("{\"a\":1,}".utf8), .trailingComma),
        (Array(String(repeating: "[", count: 600).utf8), .nestingTooDeep),
        ([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], .invalidUTF8),
        ([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], .invalidUTF8),
        ([0x5B, 0x00, 0x5D, 0x00], .invalidUTF8),
    ]

    @Test(arguments: cases)
    func kind(bytes: [UInt8], kind: JSONParseError.Kind) {
        #expect {
            try JSONValue(parsing: Data(bytes))
        } throws: { error in
            (error as? JSONParseError)?.kind == kind
        }
    }

    @Test func typeNames() {
        let values: [JSONValue] = [
            .null, .bool(true), .number(JSONNumber(1)), .string(""), .array([]), .object(JSONObject()),
        ]
        #expect(values.map(\.typeName) == ["null", "boolean", "number", "string", "array", "object"])
    }
}
