import Testing

@testable import AFSuite

private func withFilters(_ filters: String) -> String {
    suite(
        #"{"name": "t", "request": {"url": "/u"}, "expect": {"json": [{"path": "$.a", "filters": \#(filters), "exists": true}]}}"#
    )
}

/// Filter mistakes `afrun validate` reports, each at its place with a fix.
let filterErrorCases: [ErrorCase] = [
    ErrorCase(
        code: "unknown-name",
        json: withFilters(#"["toInteger"]"#),
        at: #""toInteger""#,
        message: "toInteger",
        fix: "toInt"
    ),
    ErrorCase(
        code: "wrong-type",
        json: withFilters(#"["split"]"#),
        at: #""split""#,
        message: "`split`",
        fix: #"{"split": ","}"#
    ),
    ErrorCase(
        code: "wrong-type",
        json: withFilters(#"[{"nth": "one"}]"#),
        at: #""one""#,
        message: "integer",
        fix: ""
    ),
    ErrorCase(
        code: "unknown-key",
        json: withFilters(#"[{"splt": ","}]"#),
        at: #""splt""#,
        message: "unknown key `splt`",
        fix: "did you mean `split`?"
    ),
    ErrorCase(
        code: "wrong-type",
        json: withFilters(#"["toInt", {"split": ","}]"#),
        at: #"{"split""#,
        message: "a number (what `toInt` gives)",
        fix: "toString"
    ),
    ErrorCase(
        code: "wrong-type",
        json: withFilters(#"["trim", "daysBeforeNow"]"#),
        at: #""daysBeforeNow""#,
        message: "a date",
        fix: "toDate"
    ),
]

@Test(arguments: filterErrorCases)
func filterErrorNamesItsPlaceAndFix(_ row: ErrorCase) throws {
    try expectDiagnostic(row)
}

/// Filters decode on every subject that takes them.
struct FilterDecodingTests {
    @Test func filtersDecodeOnEverySubject() throws {
        let json = suite(
            #"""
            {"name": "t", "request": {"url": "/u"},
             "capture": {"id": {"header": "Location", "filters": [{"regex": "/users/(\\d+)"}, "toInt"]}},
             "expect": {
               "headers": {"Expires": {"filters": [{"toDate": "http-date"}, "daysAfterNow"], "gt": 0}},
               "json": [{"path": "$.a", "filters": ["trim", {"replace": ["a", "b"]}], "equals": "b"}],
               "xpath": [{"path": "//p", "filters": ["first"], "equals": "x"}],
               "body": {"filters": [{"jsonpath": "$.a"}], "equals": 1}}}
            """#
        )
        let test = try load(json).get().tests[0]
        #expect(test.captures[0].filters == [.regex("/users/(\\d+)"), .toInt])
        #expect(test.expect.headers[0].filters == [.toDate("http-date"), .daysAfterNow])
        #expect(test.expect.json[0].filters == [.trim, .replace(pattern: "a", with: "b")])
        #expect(test.expect.xpath[0].filters == [.first])
        #expect(test.expect.body?.filters == [.jsonpath("$.a")])
    }
}
