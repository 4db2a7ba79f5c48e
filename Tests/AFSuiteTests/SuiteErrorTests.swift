import Testing

@testable import AFSuite

/// One row: a suite, the problem code it must produce, the text at the place the error must point
/// to (its first occurrence), and fragments of the message and the fix.
struct ErrorCase: CustomTestStringConvertible, Sendable {
    var code: String
    var json: String
    var at: String
    var message: String
    var fix: String
    var known: Set<String> = []
    var testDescription: String { "\(code) at \(at)" }
}

/// Wraps a test object in a suite.
func suite(_ test: String) -> String { "{\"name\": \"s\", \"baseURL\": \"http://h\", \"tests\": [\n  \(test)\n]}" }

let errorCases: [ErrorCase] = [
    ErrorCase(
        code: "unknown-key",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "metod": "POST"}}"#),
        at: #""metod""#,
        message: "unknown key `metod` in `request`",
        fix: "did you mean `method`?"
    ),
    ErrorCase(
        code: "unknown-key",
        json: #"{"baseUrl": "http://h", "tests": []}"#,
        at: #""baseUrl""#,
        message: "unknown key `baseUrl` in the suite",
        fix: "did you mean `baseURL`?"
    ),
    ErrorCase(
        code: "unknown-key",
        json: suite(#"{"name": "t", "$schema": "x.json", "request": {"url": "http://h/u"}}"#),
        at: #""$schema""#,
        message: "unknown key `$schema` in a test",
        fix: "belongs inside the suite's top-level object"
    ),
    ErrorCase(
        code: "unknown-key",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "status": 200}"#),
        at: #""status""#,
        message: "unknown key `status` in a test",
        fix: "`status` belongs inside `expect`"
    ),
    ErrorCase(
        code: "unknown-key",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"contentTyp": "x"}}"#),
        at: #""contentTyp""#,
        message: "in `expect`",
        fix: "did you mean `contentType`?"
    ),
    ErrorCase(
        code: "unknown-key",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"json": [{"path": "$.a", "equal": 1}]}}"#
        ),
        at: #""equal""#,
        message: "unknown key `equal`",
        fix: "did you mean `equals`?"
    ),
    ErrorCase(
        code: "unknown-key",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"duration": {"totalMS": {"lt": 1}}}}"#
        ),
        at: #""totalMS""#,
        message: "in `duration`",
        fix: "did you mean `totalMs`?"
    ),
    ErrorCase(
        code: "wrong-type",
        json: suite(#"{"name": "t", "request": {"url": 42}}"#),
        at: "42",
        message: "expected a string for `url`, found a number",
        fix: "write a string for `url`"
    ),
    ErrorCase(
        code: "wrong-type",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "timeout": "10"}}"#),
        at: #""10""#,
        message: "expected a number for `timeout`, found a string",
        fix: "write a number"
    ),
    ErrorCase(
        code: "wrong-type",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"json": [{"path": "$.a", "exists": "yes"}]}}"#
        ),
        at: #""yes""#,
        message: "expected a boolean (`true` or `false`) for `exists`, found a string",
        fix: "write a boolean"
    ),
    ErrorCase(
        code: "wrong-type",
        json: #"{"tests": {"name": "t"}}"#,
        at: #"{"name""#,
        message: "expected an array of tests for `tests`, found an object",
        fix: "write an array of tests"
    ),
    ErrorCase(
        code: "wrong-type",
        json: #"[1]"#,
        at: "[1]",
        message: "expected an object at the top of the file, found an array",
        fix: "a suite file holds one object"
    ),
    ErrorCase(
        code: "wrong-type",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"duration": {"totalMs": 500}}}"#),
        at: "500",
        message: "expected a predicate object for `totalMs`, found a number",
        fix: "write `{\"lt\": 500}`"
    ),
    ErrorCase(
        code: "missing-key",
        json: suite(#"{"name": "t", "request": {"method": "GET"}}"#),
        at: #"{"method""#,
        message: "missing `url` in `request`",
        fix: "add `url`"
    ),
    ErrorCase(
        code: "missing-key",
        json: suite(#"{"request": {"url": "http://h/u"}}"#),
        at: #"{"request""#,
        message: "missing `name` in a test",
        fix: "add `name`"
    ),
    ErrorCase(
        code: "missing-key",
        json: #"{"variables": {"x": {"secret": true}}, "tests": []}"#,
        at: #"{"secret""#,
        message: "missing `value` in variable `x`",
        fix: "{\"value\": …}"
    ),
    ErrorCase(
        code: "missing-key",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "tls": {"pinning": "certificate"}}}"#),
        at: #""certificate""#,
        message: "missing `pinnedCertificates`",
        fix: "name the certificates"
    ),
    ErrorCase(
        code: "conflicting-keys",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "json": {}, "form": {}}}"#),
        at: #""form""#,
        message: "`json` and `form` cannot be used together",
        fix: "keep one of `json` or `form`"
    ),
    ErrorCase(
        code: "conflicting-keys",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "capture": {"x": {"json": "$.a", "header": "H"}}}"#
        ),
        at: #""header""#,
        message: "`json` and `header` cannot be used together",
        fix: "keep one of"
    ),
    ErrorCase(
        code: "invalid-status",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"status": "2xxx"}}"#),
        at: #""2xxx""#,
        message: "`2xxx` is not a status expectation",
        fix: "a class (`\"2xx\"`)"
    ),
    ErrorCase(
        code: "invalid-status",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"status": [200, 600]}}"#),
        at: "600",
        message: "`600` is not a status expectation",
        fix: "codes are 100-599"
    ),
    ErrorCase(
        code: "invalid-status",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"status": "299-200"}}"#),
        at: #""299-200""#,
        message: "`299-200`",
        fix: "the range is written high to low: write `200-299`"
    ),
    ErrorCase(
        code: "invalid-regex",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"headers": {"ETag": {"matches": "([a-z"}}}}"#
        ),
        at: "[a-z",
        message: "invalid regular expression `([a-z`: unclosed `[` character class at position 1",
        fix: "fix the pattern"
    ),
    ErrorCase(
        code: "invalid-jsonpath",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"json": [{"path": "$.items[", "exists": true}]}}"#
        ),
        at: #"", "exists""#,
        message: "invalid JSONPath `$.items[`",
        fix: "afrun jsonpath"
    ),
    ErrorCase(
        code: "invalid-jsonpath",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"json": [{"path": "$.headers.User-Agent", "exists": true}]}}"#
        ),
        at: #"-Agent""#,
        message: "invalid JSONPath `$.headers.User-Agent`",
        fix: "a member name with `-` goes in brackets: write `$.headers['User-Agent']`"
    ),
    ErrorCase(
        code: "invalid-url",
        json: #"{"tests": [{"name": "t", "request": {"url": "users/1"}}]}"#,
        at: #""users/1""#,
        message: "`users/1` is relative and the suite has no `baseURL`",
        fix: "set the suite's `baseURL`"
    ),
    ErrorCase(
        code: "invalid-url",
        json: #"{"baseURL": "localhost:8080", "tests": []}"#,
        at: #""localhost"#,
        message: "`localhost:8080` has no scheme",
        fix: "write `http://localhost:8080`"
    ),
    ErrorCase(
        code: "invalid-url",
        json: #"{"baseURL": "api/v1", "tests": []}"#,
        at: #""api/v1""#,
        message: "`api/v1` is not an http:// or https:// URL",
        fix: "write the base as an absolute URL"
    ),
    ErrorCase(
        code: "invalid-url",
        json: #"{"baseURL": "http://h/", "tests": [{"name": "t", "request": {"url": "localhost:8099/get"}}]}"#,
        at: #""localhost:8099/get""#,
        message: "`localhost:8099/get` has no scheme",
        fix: "write `http://localhost:8099/get`"
    ),
    ErrorCase(
        code: "missing-file",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "bodyFile": "_data/missing.bin"}}"#),
        at: #""_data/missing.bin""#,
        message: "file `_data/missing.bin` not found",
        fix: "relative to the suite file"
    ),
    ErrorCase(
        code: "missing-file",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "tls": {"caFile": "nope.pem"}}}"#),
        at: #""nope.pem""#,
        message: "file `nope.pem` not found",
        fix: "relative to the suite file"
    ),
    ErrorCase(
        code: "missing-file",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u", "multipart": [{"name": "f", "file": "gone.txt"}]}}"#
        ),
        at: #""gone.txt""#,
        message: "file `gone.txt` not found",
        fix: "create the file"
    ),
    ErrorCase(
        code: "missing-file",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u", "tls": {"pinning": "certificate", "pinnedCertificates": ["../tls/leaf.pem", "../tls/gone.pem"]}}}"#
        ),
        at: #""../tls/gone.pem""#,
        message: "file `../tls/gone.pem` not found",
        fix: "relative to the suite file"
    ),
    ErrorCase(
        code: "missing-file",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u", "tls": {"clientCertificate": {"certificate": "../tls/client.pem", "key": "../tls/nokey.key"}}}}"#
        ),
        at: #""../tls/nokey.key""#,
        message: "file `../tls/nokey.key` not found",
        fix: "relative to the suite file"
    ),
    ErrorCase(
        code: "missing-file",
        json:
            #"{"variables": {"dir": "nowhere"}, "tests": [{"name": "t", "request": {"url": "http://h/", "bodyFile": "{{dir}}/a.txt"}}]}"#,
        at: #""{{dir}}/a.txt""#,
        message: "file `nowhere/a.txt` not found",
        fix: "relative to the suite file"
    ),
    ErrorCase(
        code: "undefined-variable",
        json: suite(#"{"name": "t", "request": {"url": "/users/{{userId}}"}}"#),
        at: "{{userId}}",
        message: "undefined variable `userId`",
        fix: "--var userId="
    ),
    ErrorCase(
        code: "undefined-variable",
        json: suite(
            #"{"name": "t", "request": {"url": "/{{id}}"}}, {"name": "u", "request": {"url": "/"}, "capture": {"id": {"status": true}}}"#
        ),
        at: "{{id}}",
        message: "captured by this or a later test",
        fix: "capture it in an earlier test"
    ),
    ErrorCase(
        code: "undefined-variable",
        json:
            #"{"parallel": true, "tests": [{"name": "a", "request": {"url": "/"}, "capture": {"id": {"status": true}}}, {"name": "b", "request": {"url": "/{{id}}"}}]}"#,
        at: "{{id}}",
        message: "parallel suite",
        fix: "capture `id` in a `setup` test"
    ),
    ErrorCase(
        code: "undefined-variable",
        json: #"{"defaults": {"headers": {"A": "x {{tok}}"}}, "tests": []}"#,
        at: "{{tok}}",
        message: "undefined variable `tok`",
        fix: "env.tok"
    ),
    ErrorCase(
        code: "invalid-template",
        json: suite(#"{"name": "t", "request": {"url": "/users/{{user"}}"#),
        at: "{{user",
        message: "unclosed `{{`",
        fix: "close the placeholder"
    ),
    ErrorCase(
        code: "invalid-template",
        json: suite(#"{"name": "t", "request": {"url": "\u0041/{{}}"}}"#),
        at: "{{}}",
        message: "empty placeholder",
        fix: "close the placeholder"
    ),
    ErrorCase(
        code: "invalid-template",
        json: suite(#"{"name": "t", "request": {"url": "/x?s={{ $randomString(0) }}"}}"#),
        at: "{{ $randomString(0)",
        message: "the length must be from 1 to 4096",
        fix: "`{{$randomString(12)}}` (1 to 4096 characters)"
    ),
    ErrorCase(
        code: "unknown-name",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u", "tls": {"pinning": "publickey", "pinnedPublicKeys": []}}}"#
        ),
        at: #""publickey""#,
        message: "`publickey` is not a valid `pinning`",
        fix: "did you mean `publicKey`?"
    ),
    ErrorCase(
        code: "unknown-name",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"tls": {"rejected": "pinMissmatch"}}}"#
        ),
        at: #""pinMissmatch""#,
        message: "is not a valid `rejected`",
        fix: "did you mean `pinMismatch`?"
    ),
    ErrorCase(
        code: "unknown-name",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"tls": "reject"}}"#),
        at: #""reject""#,
        message: "`reject` is not a valid `tls`",
        fix: "did you mean `rejected`?"
    ),
    ErrorCase(
        code: "unknown-name",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"json": [{"path": "$", "type": "strng"}]}}"#
        ),
        at: #""strng""#,
        message: "is not a valid `type`",
        fix: "did you mean `string`?"
    ),
    ErrorCase(
        code: "unknown-name",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "method": "GE T"}}"#),
        at: #""GE T""#,
        message: "is not a valid `method`",
        fix: "valid values"
    ),
    ErrorCase(
        code: "duplicate-test",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}}, {"name": "t", "request": {"url": "http://h/v"}}"#
        ),
        at: #""t", "request": {"url": "http://h/v""#,
        message: "duplicate test name `t` (first used on line 2)",
        fix: "its own name"
    ),
    ErrorCase(
        code: "duplicate-key",
        json: "{\"tests\": [],\n \"name\": \"a\", \"name\": \"b\"}",
        at: "\"name\": \"b",
        message: "`name` is written twice in this object (first on line 2)",
        fix: "merge the two"
    ),
    ErrorCase(
        code: "duplicate-key",
        json: suite(#"{"name": "t", "request": {"url": "http://h/\u00e9", "url": "http://h/x"}}"#),
        at: #""url": "http://h/x""#,
        message: "`url` is written twice",
        fix: "remove one"
    ),
    ErrorCase(
        code: "empty-predicate",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"json": [{"path": "$.a"}]}}"#),
        at: #"{"path""#,
        message: "a `json` assertion has no predicate",
        fix: "add a predicate"
    ),
    ErrorCase(
        code: "empty-predicate",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"body": {}}}"#),
        at: "{}}",
        message: "`body` has no predicate",
        fix: "add a predicate"
    ),
    ErrorCase(
        code: "out-of-range",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "retry": {"count": -1}}"#),
        at: "-1",
        message: "`count` is -1; expected an integer from 0 to 1000",
        fix: "use an integer"
    ),
    ErrorCase(
        code: "out-of-range",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "timeout": 0}}"#),
        at: "0}",
        message: "`timeout` is 0",
        fix: "greater than 0"
    ),
    ErrorCase(
        code: "out-of-range",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u", "tls": {"pinnedPublicKeys": ["abc"]}}}"#),
        at: #""abc""#,
        message: "`pinnedPublicKeys` is \"abc\"",
        fix: "sha256//"
    ),
    ErrorCase(
        code: "out-of-range",
        json: suite(#"{"name": "t", "request": {"url": "http://h/u"}, "expect": {"body": {"sha256": "xyz"}}}"#),
        at: #""xyz""#,
        message: "`sha256`",
        fix: "64 hexadecimal digits"
    ),
    ErrorCase(
        code: "out-of-range",
        json: suite(
            #"{"name": "t", "request": {"url": "http://h/u"}, "capture": {"x": {"regex": "a(b)", "group": 2}}}"#
        ),
        at: "2}",
        message: "`group` is 2",
        fix: "up to 1"
    ),
    ErrorCase(
        code: "out-of-range",
        json: #"{"variables": {"1x": "v"}, "tests": []}"#,
        at: #""1x""#,
        message: "`variables` is `1x`",
        fix: "starts with a letter"
    ),
]

/// Checks that decoding `row.json` gives a `row.code` diagnostic at the place of `row.at` in inline.json,
/// with the message and the fix (when the row names one) it should have.
func expectDiagnostic(_ row: ErrorCase) throws {
    let errors = diagnostics(row.json, known: row.known)
    let matching = errors.compactMap { e -> SuiteDiagnostic? in
        if case .invalid(let d) = e, d.code == row.code { d } else { nil }
    }
    let d = try #require(matching.first, "no \(row.code) in: \(errors.map(\.description))")
    let expected = try #require(position(of: row.at, in: row.json))
    #expect(d.location.file == "inline.json")
    #expect(d.location.line == expected.line, "\(d)")
    #expect(d.location.column == expected.column, "\(d)")
    #expect(d.message.contains(row.message), "\(d.message)")
    #expect(row.fix.isEmpty || d.fix?.contains(row.fix) == true, "\(d.fix ?? "no fix")")
    #expect(d.description.hasPrefix("inline.json:\(expected.line):\(expected.column): error: "))
    #expect(!d.location.pointer.isEmpty || row.json.hasPrefix("["))
}

@Suite struct SuiteErrorTests {
    @Test(arguments: errorCases)
    func everyErrorNamesItsPlaceAndFix(_ row: ErrorCase) throws {
        try expectDiagnostic(row)
    }

    @Test func syntaxErrorsNameLineAndColumn() throws {
        let json = "{\n  \"tests\": [\n    {\"name\": \"a\",}\n  ]\n}"
        let errors = diagnostics(json)
        #expect(errors.count == 1)
        guard case .invalid(let d) = try #require(errors.first) else {
            Issue.record("expected .invalid")
            return
        }
        #expect(d.reason.code == "syntax")
        #expect(d.location.line == 3)
        #expect(d.location.column > 1)
        #expect(d.message.hasPrefix("invalid JSON: "))
        #expect(d.fix?.contains("trailing comma") == true)
    }

    @Test func allProblemsOfAFileInOnePassInPositionOrder() throws {
        let result = SuiteLoader(environment: [:]).load(paths: [
            Fixtures.invalid.appendingPathComponent("many-problems.json").path
        ])
        #expect(result.suites.isEmpty)
        let codes = result.errors.compactMap { if case .invalid(let d) = $0 { d.code } else { nil } }
        #expect(
            codes == [
                "unknown-key", "unknown-key", "invalid-status", "wrong-type", "wrong-type", "conflicting-keys",
                "invalid-regex",
                "invalid-jsonpath", "undefined-variable", "missing-file", "unknown-name", "unknown-name",
                "duplicate-test",
            ]
        )
        let lines = result.errors.compactMap { $0.location?.line }
        #expect(lines == lines.sorted())
    }

    @Test func renderedBlockShowsTheLineAndACaret() throws {
        let json = suite(#"{"name": "t", "request": {"url": "http://h/u", "metod": "POST"}}"#)
        let error = try #require(diagnostics(json).first)
        let lines = json.split(separator: "\n").map(String.init)
        let text = error.rendered { _, n in lines[n - 1] }
        let expected = """
            error[unknown-key]: unknown key `metod` in `request`
             --> inline.json:2:50
              |
            2 |   {"name": "t", "request": {"url": "http://h/u", "metod": "POST"}}
              |                                                  ^ at /tests/0/request/metod
              = fix: did you mean `method`?
            """
        #expect(text == expected)
        #expect(error.rendered(color: true) { _, n in lines[n - 1] }.contains("\u{1B}[1;31merror[unknown-key]"))
    }

    @Test func errorsCanBeSwitchedOn() throws {
        let error = try #require(
            diagnostics(suite(#"{"name": "t", "request": {"url": "http://h/u", "metod": "POST"}}"#)).first
        )
        guard case .invalid(let d) = error, case .unknownKey(let key, let suggestion, _) = d.reason else {
            Issue.record("expected unknownKey, got \(error)")
            return
        }
        #expect(key == "metod")
        #expect(suggestion == "method")
    }

    @Test func undefinedVariableFromRenderHasAFix() {
        let error = SuiteError.undefinedVariable(name: "tok", location: nil)
        #expect(error.description.hasPrefix("error: undefined variable `tok`"))
        #expect(error.fix?.contains("--var tok=") == true)
    }
}
