import JSONPath
import Testing

@testable import AFSuite

private func expectJSON(_ assertion: String) -> String {
    suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"json": [\#(assertion)]}}"#)
}

/// The predicate language's mistakes, each at its place with a fix.
let predicateErrorCases: [ErrorCase] = [
    ErrorCase(
        code: "unknown-key",
        json: expectJSON(#"{"path": "$.a", "startWith": "x"}"#),
        at: #""startWith""#,
        message: "unknown key `startWith`",
        fix: "did you mean `startsWith`?"
    ),
    ErrorCase(
        code: "unknown-name",
        json: expectJSON(#"{"path": "$.a", "format": "date_time"}"#),
        at: #""date_time""#,
        message: "date_time",
        fix: "date-time"
    ),
    ErrorCase(
        code: "missing-key",
        json: expectJSON(#"{"path": "$.a", "closeTo": 0.3}"#),
        at: #""closeTo""#,
        message: "missing `within`",
        fix: #""within": 1e-9"#
    ),
    ErrorCase(
        code: "unknown-key",
        json: expectJSON(#"{"path": "$.a", "equals": 1, "within": 0.1}"#),
        at: #""within""#,
        message: "unknown key `within`",
        fix: "tolerance of `closeTo`"
    ),
    ErrorCase(
        code: "wrong-type",
        json: expectJSON(#"{"path": "$.a", "closeTo": "0.3", "within": 0.1}"#),
        at: #""0.3""#,
        message: "`closeTo`",
        fix: "number"
    ),
    ErrorCase(
        code: "empty-predicate",
        json: expectJSON(#"{"path": "$.a", "nth": 1}"#),
        at: #""nth""#,
        message: "no predicate",
        fix: #"{"nth": 0, "equals": …}"#
    ),
    ErrorCase(
        code: "unknown-key",
        json: expectJSON(#"{"path": "$.a", "not": {"contain": "x"}}"#),
        at: #""contain""#,
        message: "unknown key `contain` in `not`",
        fix: "did you mean `contains`?"
    ),
    ErrorCase(
        code: "wrong-type",
        json: expectJSON(#"{"path": "$.a", "all": ["x"]}"#),
        at: #"["x"]"#,
        message: "`all`",
        fix: "object"
    ),
    ErrorCase(
        code: "unknown-key",
        json: expectJSON(#"{"path": "$.a", "notContains": "x"}"#),
        at: #""notContains""#,
        message: "unknown key `notContains`",
        fix: #"negated with `not`: write `"not": {"contains": …}`"#
    ),
    ErrorCase(
        code: "unknown-key",
        json: expectJSON(#"{"path": "$.a", "doesNotMatch": "x"}"#),
        at: #""doesNotMatch""#,
        message: "unknown key `doesNotMatch`",
        fix: #""not": {"matches": …}"#
    ),
    ErrorCase(
        code: "unknown-key",
        json: expectJSON(#"{"path": "$.a", "notExists": true}"#),
        at: #""notExists""#,
        message: "unknown key `notExists`",
        fix: #"write `"exists": false`"#
    ),
    ErrorCase(
        code: "unknown-key",
        json: expectJSON(#"{"path": "$.a", "eqauls": 1}"#),
        at: #""eqauls""#,
        message: "unknown key `eqauls`",
        fix: "did you mean `equals`?"
    ),
    ErrorCase(
        code: "invalid-jsonpath",
        json: expectJSON(#"{"path": "//item/id", "exists": true}"#),
        at: #"//item/id""#,
        message: "must start with '$'",
        fix: "`//item/id` is an XPath: for an XML or HTML body write it under `xpath` instead of `json`"
    ),
    ErrorCase(
        code: "invalid-xpath",
        json: suite(
            #"{"name": "t", "request": {"url": "/u"}, "expect": {"xpath": [{"path": "$.id", "exists": true}]}}"#
        ),
        at: #".id""#,
        message: "invalid XPath `$.id`",
        fix: "`$.id` is a JSONPath: for a JSON body write it under `json` instead of `xpath`"
    ),
    ErrorCase(
        code: "invalid-jsonpath",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "capture": {"id": {"json": "count(//li)"}}}"#),
        at: #"count(//li)""#,
        message: "invalid JSONPath",
        fix: "is an XPath"
    ),
    ErrorCase(
        code: "unknown-key",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"cookies": {"sid": {"valeu": "x"}}}}"#),
        at: #""valeu""#,
        message: "unknown key `valeu` in cookie `sid`",
        fix: "did you mean `value`?"
    ),
    ErrorCase(
        code: "wrong-type",
        json: suite(#"{"name": "t", "request": {"url": "/u"}, "expect": {"headers": {"X-Tag": null}}}"#),
        at: "null",
        message: "`X-Tag`",
        fix: "a string, number or boolean"
    ),
]

@Test(arguments: predicateErrorCases)
func predicateErrorNamesItsPlaceAndFix(_ row: ErrorCase) throws {
    try expectDiagnostic(row)
}

/// Every predicate form decodes to its model value.
struct PredicateDecodingTests {
    @Test func everyFormDecodes() throws {
        let json = expectJSON(
            #"""
            {"path": "$.a", "not": {"contains": "x"}, "startsWith": "a", "endsWith": "{{z}}", "format": "uuid"},
                {"path": "$.b", "closeTo": 0.3, "within": 1e-9},
                {"path": "$.c", "all": {"gt": 0}, "any": {"equals": 2}},
                {"path": "$.d", "nth": -1, "equals": "last", "format": "integer-string"}
            """#
        )
        let loaded = try load(json, known: ["z"]).get()
        let json0 = loaded.tests[0].expect.json
        #expect(
            json0[0].predicates.predicates == [
                .not(PredicateSet([.contains(.string("x"))])), .startsWith("a"), .endsWith("{{z}}"), .format(.uuid),
            ]
        )
        #expect(
            json0[1].predicates.predicates == [
                .closeTo(JSONNumber(literal: "0.3")!, within: JSONNumber(literal: "1e-9")!)
            ]
        )
        #expect(
            json0[2].predicates.predicates == [
                .all(PredicateSet([.greaterThan(.number(JSONNumber(0)))])),
                .any(PredicateSet([.equals(.number(JSONNumber(2)))])),
            ]
        )
        #expect(
            json0[3].predicates.predicates == [
                .nth(-1, PredicateSet([.equals(.string("last")), .format(.integerString)]))
            ]
        )
    }

    @Test func notWorksOnHeadersBodyAndCertificates() throws {
        let json = suite(
            #"""
            {"name": "t", "request": {"url": "https://h/u"}, "expect": {
               "headers": {"Server": {"not": {"exists": true}}},
               "body": {"not": {"contains": "secret"}},
               "certificate": {"issuer": {"not": {"contains": "Evil"}}}}}
            """#
        )
        let expect = try load(json).get().tests[0].expect
        #expect(expect.headers[0].predicates.predicates == [.not(PredicateSet([.exists(true)]))])
        #expect(expect.body?.predicates.predicates == [.not(PredicateSet([.contains(.string("secret"))]))])
        #expect(expect.certificate?.issuer?.predicates == [.not(PredicateSet([.contains(.string("Evil"))]))])
    }

    @Test func anUndefinedVariableInsideNotIsReported() {
        let errors = diagnostics(expectJSON(#"{"path": "$.a", "not": {"equals": "{{nope}}"}}"#))
        #expect(errors.map(\.description).joined().contains("undefined variable `nope`"))
    }
}
