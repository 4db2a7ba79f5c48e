import JSONPath
import Testing

@testable import AFSuite

private func withExpect(_ expect: String) -> String {
    suite(#"{"name": "t", "request": {"url": "/u"}, "expect": \#(expect)}"#)
}

/// `expect.redirects` and `expect.url` mistakes `afrun validate` reports, each at its place.
let redirectErrorCases: [ErrorCase] = [
    ErrorCase(
        code: "unknown-key",
        json: withExpect(#"{"redirects": {"cout": 2}}"#),
        at: #""cout""#,
        message: "unknown key `cout`",
        fix: "did you mean `count`?"
    ),
    ErrorCase(
        code: "wrong-type",
        json: withExpect(#"{"redirects": {"chain": {"status": 301}}}"#),
        at: #"{"status""#,
        message: "`chain`",
        fix: ""
    ),
    ErrorCase(
        code: "unknown-key",
        json: withExpect(#"{"redirects": {"chain": [{"status": 301, "url": "/b"}]}}"#),
        at: #""url": "/b""#,
        message: "unknown key `url`",
        fix: ""
    ),
    ErrorCase(
        code: "unknown-key",
        json: withExpect(#"{"url": {"endWith": "/b"}}"#),
        at: #""endWith""#,
        message: "unknown key `endWith`",
        fix: "did you mean `endsWith`?"
    ),
    ErrorCase(
        code: "unknown-key",
        json: suite(#"{"name": "t", "url": "/u", "request": {"url": "/u"}}"#),
        at: #""url""#,
        message: "unknown key `url` in a test",
        fix: "`url` belongs inside `request`"
    ),
]

@Test(arguments: redirectErrorCases)
func redirectErrorNamesItsPlace(_ row: ErrorCase) throws {
    try expectDiagnostic(row)
}

@Test func redirectsAndURLDecode() throws {
    let json = withExpect(
        #"{"redirects": {"count": 2, "chain": [{"status": 301, "location": {"endsWith": "/b"}}, {}]}, "url": "http://h/b"}"#
    )
    let expect = try load(json).get().tests[0].expect
    #expect(expect.redirects?.count?.predicates == [.equals(.number(JSONNumber(2)))])
    #expect(expect.redirects?.chain?.count == 2)
    #expect(expect.redirects?.chain?.first?.status?.predicates == [.equals(.number(JSONNumber(301)))])
    #expect(expect.url?.predicates == [.equals(.string("http://h/b"))])
}

@Test func expectedErrorNamesAKnownKind() throws {
    try expectDiagnostic(
        ErrorCase(
            code: "unknown-name",
            json: withExpect(#"{"error": "timeout"}"#),
            at: #""timeout""#,
            message: "timeout",
            fix: "timedOut"
        )
    )
    #expect(try load(withExpect(#"{"error": "dnsFailure"}"#)).get().tests[0].expect.error == "dnsFailure")
}

@Test func httpVersionIsAKnownVersionAsAString() throws {
    try expectDiagnostic(
        ErrorCase(
            code: "unknown-name",
            json: withExpect(#"{"httpVersion": "2.0"}"#),
            at: #""2.0""#,
            message: "2.0",
            fix: ""
        )
    )
    try expectDiagnostic(
        ErrorCase(
            code: "wrong-type",
            json: withExpect(#"{"httpVersion": 2}"#),
            at: #"2}"#,
            message: "a string",
            fix: #""httpVersion": "2""#
        )
    )
    let expect = try load(withExpect(#"{"httpVersion": "2", "certificate": {"serialNumber": "1000"}}"#)).get().tests[0]
        .expect
    #expect(expect.httpVersion?.predicates == [.equals(.string("2"))])
    #expect(expect.certificate?.serialNumber?.predicates == [.equals(.string("1000"))])
}

/// A prefix no `xpathNamespaces` declares is reported inside the expression; declared, it loads.
@Test func xpathPrefixesComeFromDefaultsOrTheTest() throws {
    let undeclared = suite(
        #"{"name": "t", "request": {"url": "/u"}, "expect": {"xpath": [{"path": "//soap:Body", "exists": true}]}}"#
    )
    #expect(
        diagnostics(undeclared).contains {
            $0.description.contains("undefined namespace prefix") && $0.description.contains("xpathNamespaces")
        }
    )
    let declared = #"""
        {"baseURL": "http://h", "defaults": {"xpathNamespaces": {"soap": "urn:s"}}, "tests": [
          {"name": "t", "xpathNamespaces": {"_": "urn:d"}, "request": {"url": "/u"},
           "expect": {"xpath": [{"path": "//soap:Body/_:x", "exists": true}]}}]}
        """#
    #expect(try load(declared).get().tests[0].expect.xpathNamespaces == ["soap": "urn:s", "_": "urn:d"])
    try expectDiagnostic(
        ErrorCase(
            code: "out-of-range",
            json: suite(#"{"name": "t", "xpathNamespaces": {"a:b": "urn:x"}, "request": {"url": "/u"}}"#),
            at: #""a:b""#,
            message: "a:b",
            fix: "`_` for the default namespace"
        )
    )
}
