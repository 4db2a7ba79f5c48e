import JSONPath
import Testing

@testable import AFSuite

private func withRawBody(_ rawBody: String) -> String {
    suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"rawBody": \#(rawBody)}}"#)
}

/// `expect.rawBody` mistakes `afrun validate` reports, each at its place.
let rawBodyErrorCases: [ErrorCase] = [
    ErrorCase(
        code: "wrong-type",
        json: withRawBody(#"{"bytes": "12"}"#),
        at: #""12""#,
        message: "`bytes`",
        fix: ""
    ),
    ErrorCase(
        code: "wrong-type",
        json: withRawBody(#"{"sha256": 12}"#),
        at: "12",
        message: "string",
        fix: ""
    ),
    ErrorCase(
        code: "wrong-type",
        json: withRawBody(#""abc""#),
        at: #""abc""#,
        message: "`rawBody`",
        fix: ""
    ),
    ErrorCase(
        code: "out-of-range",
        json: withRawBody(#"{"sha256": "abc"}"#),
        at: #""abc""#,
        message: "64 hexadecimal digits",
        fix: ""
    ),
    ErrorCase(
        code: "unknown-key",
        json: withRawBody(#"{"contains": "x"}"#),
        at: #""contains""#,
        message: "unknown key `contains`",
        fix: ""
    ),
    ErrorCase(
        code: "missing-key",
        json: withRawBody("{}"),
        at: "{}",
        message: "`sha256`",
        fix: "give `sha256`"
    ),
]

@Test(arguments: rawBodyErrorCases)
func rawBodyErrorNamesItsPlace(_ row: ErrorCase) throws {
    try expectDiagnostic(row)
}

@Test func rawBodyDecodesAsBodyDigestAndLength() throws {
    let digest = String(repeating: "AB", count: 32)
    let json = withRawBody(#"{"sha256": "\#(digest)", "bytes": {"lt": 100}}"#)
    let raw = try #require(try load(json).get().tests[0].expect.rawBody)
    #expect(raw.sha256 == digest.lowercased())
    #expect(raw.bytes?.predicates == [.lessThan(.number(JSONNumber(100)))])
    let count = try #require(try load(withRawBody(#"{"bytes": 7}"#)).get().tests[0].expect.rawBody)
    #expect(count.bytes?.predicates == [.equals(.number(JSONNumber(7)))])
    #expect(count.sha256 == nil)
}

@Test func rawBodySha256MayBeATemplate() throws {
    let json = #"""
        {"baseURL": "http://h", "variables": {"digest": "abc"},
         "tests": [{"name": "t", "request": {"url": "/u"}, "expect": {"rawBody": {"sha256": "{{digest}}"}}}]}
        """#
    #expect(try load(json).get().tests[0].expect.rawBody?.sha256 == "{{digest}}")
    let codes = diagnostics(withRawBody(#"{"sha256": "{{nope}}"}"#))
    #expect(codes.first?.message.contains("undefined variable `nope`") == true)
}
