import Testing

@testable import AFSuite

/// `expect.captures` mistakes `afrun validate` reports at the assertion's name.
let captureAssertionErrorCases: [ErrorCase] = [
    ErrorCase(
        code: "undefined-variable",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"captures": {"nobody": {"exists": true}}}}"#),
        at: #""nobody""#,
        message: "undefined variable `nobody`",
        fix: ""
    ),
    ErrorCase(
        code: "undefined-variable",
        json: suite(
            #"{"name": "a", "request": {"url": "/u"}, "expect": {"captures": {"later": "x"}}}, {"name": "b", "request": {"url": "/u"}, "capture": {"later": {"json": "$.id"}}}"#
        ),
        at: #""later": "x""#,
        message: "captured by a later test",
        fix: ""
    ),
    ErrorCase(
        code: "undefined-variable",
        json: suite(
            #"{"name": "a", "request": {"url": "/u"}, "expect": {"json": [{"path": "$.a", "equals": "{{later}}"}]}}, {"name": "b", "request": {"url": "/u"}, "capture": {"later": {"json": "$.id"}}}"#
        ),
        at: #"{{later}}""#,
        message: "captured by a later test",
        fix: ""
    ),
    ErrorCase(
        code: "unknown-key",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"captures": {"id": {"formt": "uuid"}}}}"#),
        at: #""formt""#,
        message: "unknown key `formt`",
        fix: "did you mean `format`?"
    ),
    ErrorCase(
        code: "wrong-type",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"captures": ["id"]}}"#),
        at: #"["id"]"#,
        message: "`captures`",
        fix: ""
    ),
]

@Test(arguments: captureAssertionErrorCases)
func captureAssertionErrorNamesItsPlace(_ row: ErrorCase) throws {
    try expectDiagnostic(row)
}

@Suite struct CaptureAssertionDecodingTests {
    /// A test's `expect` sees its own captures, in `captures` and in `{{…}}`; its request does not.
    @Test func expectSeesTheTestsOwnCaptures() throws {
        let json = suite(
            #"""
            {"name": "t", "request": {"url": "/u"},
             "capture": {"id": {"header": "X-Id"}},
             "expect": {"captures": {"id": {"format": "integer-string", "filters": ["trim"]}, "id ": "1"},
                        "json": [{"path": "$.id", "equals": "{{id}}"}]}}
            """#
        )
        let errors = diagnostics(json)
        #expect(errors.count == 1, "\(errors.map(\.description))")
        #expect(errors.first?.description.contains("undefined variable `id `") == true)
        let own = diagnostics(
            suite(#"{"name": "t", "request": {"url": "/{{id}}"}, "capture": {"id": {"status": true}}}"#)
        )
        #expect(own.map(\.description).contains { $0.contains("undefined variable `id`") })
    }

    @Test func decodesPredicatesFiltersAndShorthand() throws {
        let json = suite(
            #"""
            {"name": "t", "request": {"url": "/u"}, "capture": {"id": {"header": "X-Id"}},
             "expect": {"captures": {"id": {"not": {"equals": "0"}, "filters": ["toInt"]}}}}
            """#
        )
        #expect(diagnostics(json).isEmpty)
        let test = try #require(try load(json).get().tests.first)
        let assertion = try #require(test.expect.captures.first)
        #expect(assertion.name == "id")
        #expect(assertion.filters == [.toInt])
        #expect(assertion.predicates.predicates == [.not(PredicateSet([.equals(.string("0"))]))])
    }
}

/// Capture-source mistakes `afrun validate` reports.
let captureSourceErrorCases: [ErrorCase] = [
    ErrorCase(
        code: "wrong-type",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "capture": {"u": {"url": "yes"}}}"#),
        at: #""yes""#,
        message: "`url`",
        fix: ""
    ),
    ErrorCase(
        code: "conflicting-keys",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "capture": {"c": {"cookie": "sid", "body": true}}}"#),
        at: #""body""#,
        message: "cannot be used together",
        fix: ""
    ),
    ErrorCase(
        code: "invalid-xpath",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "capture": {"x": {"xpath": "//a[@id="}}}"#),
        at: #""}}}"#,
        message: "//a[@id=",
        fix: ""
    ),
    ErrorCase(
        code: "out-of-range",
        json: suite(
            #"{"name": "t", "request": {"url": "/u"}, "capture": {"h": {"header": "Location", "regex": "/u/(\\d+)", "group": 2}}}"#
        ),
        at: #"2}}}"#,
        message: "group",
        fix: ""
    ),
    ErrorCase(
        code: "wrong-type",
        json: suite(
            #"{"name": "t", "request": {"url": "/u"}, "capture": {"b": {"bytes": true, "filters": ["trim"]}}}"#
        ),
        at: #""trim""#,
        message: "bytes",
        fix: ""
    ),
]

@Test(arguments: captureSourceErrorCases)
func captureSourceErrorNamesItsPlace(_ row: ErrorCase) throws {
    try expectDiagnostic(row)
}
