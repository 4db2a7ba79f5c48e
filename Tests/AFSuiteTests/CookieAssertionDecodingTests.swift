import Testing

@testable import AFSuite

private func withCookies(_ cookies: String) -> String {
    suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"cookies": \#(cookies)}}"#)
}

/// `expect.cookies` mistakes `afrun validate` reports, each at its place.
let cookieAssertionErrorCases: [ErrorCase] = [
    ErrorCase(
        code: "unknown-key",
        json: withCookies(#"{"sid": {"httponly": true}}"#),
        at: #""httponly""#,
        message: "unknown key `httponly`",
        fix: "did you mean `httpOnly`?"
    ),
    ErrorCase(
        code: "conflicting-keys",
        json: withCookies(#"{"sid": {"exists": false, "secure": true}}"#),
        at: #""secure""#,
        message: "cannot be used together",
        fix: "must not be set"
    ),
    ErrorCase(
        code: "wrong-type",
        json: withCookies(#"["sid"]"#),
        at: #"["sid"]"#,
        message: "`cookies`",
        fix: ""
    ),
    ErrorCase(
        code: "wrong-type",
        json: withCookies(#"{"sid": {"exists": "no"}}"#),
        at: #""no""#,
        message: "boolean",
        fix: ""
    ),
    ErrorCase(
        code: "wrong-type",
        json: withCookies(#"{"sid": {"maxAge": {"filters": ["trim"], "equals": "1"}}}"#),
        at: #""trim""#,
        message: "a number",
        fix: ""
    ),
]

@Test(arguments: cookieAssertionErrorCases)
func cookieAssertionErrorNamesItsPlace(_ row: ErrorCase) throws {
    try expectDiagnostic(row)
}

@Test func cookieAssertionsDecode() throws {
    let json = withCookies(
        #"{"sid": {"value": "abc", "secure": true, "maxAge": {"gt": 0}}, "theme": "dark", "gone": {"exists": false}}"#
    )
    let cookies = try load(json).get().tests[0].expect.cookies
    #expect(cookies.map(\.name) == ["sid", "theme", "gone"])
    #expect(cookies[0].fields.map(\.field) == [.value, .secure, .maxAge])
    #expect(cookies[1].fields.first?.predicates.predicates == [.equals(.string("dark"))])
    #expect(cookies[2].exists == false && cookies[2].fields.isEmpty)
}
