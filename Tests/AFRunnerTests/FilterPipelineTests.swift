import AFSuite
import FixtureServer
import Foundation
import JSONPath
import Testing

@testable import AFRunner

private func s(_ text: String) -> JSONValue { .string(text) }
private func n(_ i: Int) -> JSONValue { .number(JSONNumber(i)) }

/// One row: filters, an input, the expected output (nil: the pipeline fails).
struct FilterCase: Sendable, CustomTestStringConvertible {
    var filters: [ValueFilter]
    var input: JSONValue
    var output: JSONValue?
    var testDescription: String { "\(filters.map(\.description)) on \(input.serialized())" }
}

private let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T...

private let filterTable: [FilterCase] = [
    FilterCase(filters: [.toInt], input: s(" 42 "), output: n(42)),
    FilterCase(filters: [.toInt], input: .number(JSONNumber(4.7)), output: n(4)),
    FilterCase(filters: [.toInt], input: s("abc"), output: nil),
    FilterCase(filters: [.toFloat], input: s("-1.5e3"), output: .number(JSONNumber(-1500.0))),
    FilterCase(filters: [.toString], input: n(7), output: s("7")),
    FilterCase(filters: [.count], input: .array([n(1), n(2)]), output: n(2)),
    FilterCase(filters: [.count], input: n(2), output: nil),
    FilterCase(filters: [.first], input: .array([n(1), n(2)]), output: n(1)),
    FilterCase(filters: [.last], input: .array([n(1), n(2)]), output: n(2)),
    FilterCase(filters: [.nth(-2)], input: .array([n(1), n(2)]), output: n(1)),
    FilterCase(filters: [.nth(5)], input: .array([n(1)]), output: nil),
    FilterCase(filters: [.split(","), .count], input: s("a,b,c"), output: n(3)),
    FilterCase(filters: [.replace(pattern: "(\\d+)", with: "<$1>")], input: s("a1b22"), output: s("a<1>b<22>")),
    FilterCase(filters: [.regex("id=(\\d+)")], input: s("x id=17 y"), output: s("17")),
    FilterCase(filters: [.regex("\\d+")], input: s("x 17 y"), output: s("17")),
    FilterCase(filters: [.regex("\\d+")], input: s("none"), output: nil),
    FilterCase(filters: [.base64Decode], input: s("aGVsbG8gd29ybGQ="), output: s("hello world")),
    FilterCase(filters: [.base64Decode], input: s("aGk"), output: s("hi")),
    FilterCase(filters: [.base64Decode], input: s("!!"), output: nil),
    FilterCase(filters: [.base64Encode], input: s("hi"), output: s("aGk=")),
    FilterCase(filters: [.base64Decode, .decode("latin1")], input: s("Y2Fm6Q=="), output: s("café")),
    FilterCase(filters: [.base64Decode, .decode("utf-8")], input: s("Y2Fm6Q=="), output: nil),
    FilterCase(filters: [.urlDecode], input: s("caf%C3%A9%20x"), output: s("café x")),
    FilterCase(filters: [.urlEncode], input: s("a b/é"), output: s("a%20b%2F%C3%A9")),
    FilterCase(
        filters: [.htmlUnescape],
        input: s("&lt;b&gt; &amp; &eacute;&#233;&#xE9; a < b"),
        output: s("<b> & ééé a < b")
    ),
    FilterCase(filters: [.jsonpath("$.a[1]")], input: s(#"{"a": [1, 2]}"#), output: n(2)),
    FilterCase(filters: [.jsonpath("$.a")], input: s("not json"), output: nil),
    FilterCase(
        filters: [.toDate("http-date"), .dateFormat("yyyy-MM-dd")],
        input: s("Wed, 21 Oct 2015 07:28:00 GMT"),
        output: s("2015-10-21")
    ),
    FilterCase(filters: [.toDate("iso8601")], input: s("2026-11-26T14:00:00.5Z"), output: s("2026-11-26T14:00:00Z")),
    FilterCase(filters: [.toDate("yyyy-MM-dd")], input: s("26/11/2026"), output: nil),
    FilterCase(filters: [.toDate("iso8601"), .daysBeforeNow], input: s("2026-11-08T00:00:00Z"), output: n(10)),
    FilterCase(filters: [.toDate("iso8601"), .daysAfterNow], input: s("2026-11-08T00:00:00Z"), output: n(-11)),
    FilterCase(
        filters: [.sha256],
        input: s("abc"),
        output: s("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    ),
    FilterCase(filters: [.md5], input: s("abc"), output: s("900150983cd24fb0d6963f7d28e17f72")),
    FilterCase(filters: [.trim, .uppercase], input: s("  ab "), output: s("AB")),
    FilterCase(filters: [.lowercase], input: s("AbC"), output: s("abc")),
    FilterCase(filters: [.trim], input: n(1), output: nil),
]

@Test(arguments: filterTable)
func filterRule(_ row: FilterCase) {
    switch FilterPipeline.apply(row.filters, to: row.input, now: now) {
    case .success(let value): #expect(value == row.output, "got \(value.map { $0.serialized() } ?? "nothing")")
    case .failure(let failure): #expect(row.output == nil, "failed: \(failure)")
    }
}

@Suite struct FilterPipelineTests {
    @Test func aFailureNamesTheFilterItsPlaceAndWhatItGot() throws {
        let result = FilterPipeline.apply([.trim, .toInt], to: s("abc"), now: now)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.description == #"filter 2 (toInt) got "abc": not a number"#)
    }

    @Test func anAbsentValueStaysAbsent() {
        guard case .success(let value) = FilterPipeline.apply([.toInt], to: nil, now: now) else {
            Issue.record("expected success")
            return
        }
        #expect(value == nil)
    }

    @Test func filtersRunOnAssertionsAndCapturesAgainstTheServer() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "holds", "request": {"url": "values"},
                   "capture": {"n": {"json": "$.count", "filters": ["toInt"]},
                               "ct": {"header": "Content-Type", "filters": [{"split": "/"}, "first"]}},
                   "expect": {
                    "headers": {"Content-Type": {"filters": [{"split": "/"}, "last"], "equals": "json"}},
                    "json": [
                      {"path": "$.csv", "filters": [{"split": ","}, "count"], "equals": 3},
                      {"path": "$.tags[*]", "filters": ["last", "uppercase"], "equals": "GAMMA"}
                    ],
                    "body": {"filters": [{"jsonpath": "$.name"}], "equals": "Ada Lovelace"}}},
                  {"name": "uses", "request": {"url": "values"}, "expect": {
                    "json": [{"path": "$.count", "equals": "{{n}}"}, {"path": "$.homepage", "startsWith": "https"}]}},
                  {"name": "fails", "request": {"url": "values"}, "expect": {
                    "json": [{"path": "$.name", "filters": ["trim", "toInt"], "equals": 1}]}}
                ]}
                """#,
                on: server
            )
            #expect(results.count == 3)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(results[0].captures == ["n": "42", "ct": "application"])
            #expect(results[1].status == .passed, "\(SuiteTextRun.failures(results[1]))")
            #expect(results[2].status == .failed)
            #expect(
                SuiteTextRun.failures(results[2]) == [#"$.name: filter 2 (toInt) got "Ada Lovelace": not a number"#]
            )
        }
    }
}

/// The regex filters and the `jsonpath` filter's `match()` stop at the regex time limit, as every other
/// regex does: a catastrophic pattern on a hostile value fails the assertion instead of hanging the run.
@Suite struct FilterRegexLimitTests {
    static let hostile = String(repeating: "a", count: 40) + "!"

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            ValueFilter.regex("(a+)+$"),
            ValueFilter.replace(pattern: "(a+)+$", with: "x"),
            ValueFilter.jsonpath("$[?match(@, '(a+)+')]"),
        ]
    )
    func aCatastrophicPatternStopsAtTheLimit(_ filter: ValueFilter) throws {
        let value: JSONValue =
            if case .jsonpath = filter { .string("[\"\(Self.hostile)\"]") } else { .string(Self.hostile) }
        let result = FilterPipeline.apply([filter], to: value, now: Date(), regexLimit: .milliseconds(100))
        guard case .failure(let failure) = result else {
            Issue.record("expected the limit to stop the filter, got \(result)")
            return
        }
        #expect(failure.description.contains("--regex-timeout"), "\(failure)")
    }

    @Test func replaceKeepsWhatTheRegexDidNotMatch() throws {
        let result = FilterPipeline.apply(
            [.replace(pattern: "(\\d+)", with: "<$1>")],
            to: .string("a1b22c"),
            now: Date(),
            regexLimit: .seconds(1)
        )
        #expect(try result.get() == .string("a<1>b<22>c"))
    }
}
