import AFSession
import AFSuite
import FixtureServer
import Foundation
import JSONPath
import Testing

@testable import AFRunner

private func n(_ i: Int) -> JSONValue { .number(JSONNumber(i)) }
private func s(_ text: String) -> JSONValue { .string(text) }
private func set(_ predicates: AFSuite.Predicate...) -> PredicateSet { PredicateSet(predicates) }

private let languageTable: [PredicateCase] = [
    PredicateCase(predicate: .not(set(.contains(s("x")))), actual: .array([s("a")]), holds: true),
    PredicateCase(predicate: .not(set(.contains(s("a")))), actual: .array([s("a")]), holds: false),
    PredicateCase(predicate: .not(set(.exists(true))), actual: nil, holds: true),
    PredicateCase(predicate: .not(set(.gt(n(1)), .lt(n(3)))), actual: n(2), holds: false),
    PredicateCase(predicate: .not(set(.gt(n(1)), .lt(n(3)))), actual: n(5), holds: true),
    PredicateCase(predicate: .startsWith("Ada"), actual: s("Ada Lovelace"), holds: true),
    PredicateCase(predicate: .startsWith("Love"), actual: s("Ada Lovelace"), holds: false),
    PredicateCase(predicate: .endsWith("lace"), actual: s("Ada Lovelace"), holds: true),
    PredicateCase(predicate: .endsWith("4"), actual: n(1234), holds: true),
    PredicateCase(predicate: .startsWith("["), actual: .array([]), holds: false),
    PredicateCase(predicate: .startsWith("a"), actual: nil, holds: false),
    PredicateCase(predicate: .format(.uuid), actual: s("4c3b7f6a-9d2e-4f1a-8b5c-2e7d9a0f1b3c"), holds: true),
    PredicateCase(predicate: .format(.uuid), actual: s("4c3b7f6a-9d2e-4f1a-8b5c"), holds: false),
    PredicateCase(predicate: .format(.dateTime), actual: s("2026-11-26T14:00:00Z"), holds: true),
    PredicateCase(predicate: .format(.dateTime), actual: s("2026-02-30T14:00:00Z"), holds: false),
    PredicateCase(predicate: .format(.date), actual: s("2026-11-26"), holds: true),
    PredicateCase(predicate: .format(.time), actual: s("14:00:00+01:00"), holds: true),
    PredicateCase(predicate: .format(.email), actual: s("ada@example.com"), holds: true),
    PredicateCase(predicate: .format(.email), actual: s("ada.example.com"), holds: false),
    PredicateCase(predicate: .format(.ipv4), actual: s("192.0.2.10"), holds: true),
    PredicateCase(predicate: .format(.ipv4), actual: s("256.0.0.1"), holds: false),
    PredicateCase(predicate: .format(.ipv6), actual: s("2001:db8::1"), holds: true),
    PredicateCase(predicate: .format(.uri), actual: s("https://example.com/a"), holds: true),
    PredicateCase(predicate: .format(.uri), actual: s("/relative"), holds: false),
    PredicateCase(predicate: .format(.hostname), actual: s("api.example.com"), holds: true),
    PredicateCase(predicate: .format(.hostname), actual: s("-bad-.com"), holds: false),
    PredicateCase(predicate: .format(.integerString), actual: s("-42"), holds: true),
    PredicateCase(predicate: .format(.integerString), actual: s("4.2"), holds: false),
    PredicateCase(predicate: .format(.integerString), actual: n(42), holds: false),
    PredicateCase(predicate: .format(.floatString), actual: s("-1.5e3"), holds: true),
    PredicateCase(predicate: .format(.floatString), actual: s("nan"), holds: false),
    PredicateCase(predicate: .format(.floatString), actual: s("0x10"), holds: false),
    PredicateCase(
        predicate: .closeTo(JSONNumber(0.3), within: JSONNumber(1e-9)),
        actual: .number(JSONNumber(literal: "0.30000000000000004")!),
        holds: true
    ),
    PredicateCase(predicate: .closeTo(JSONNumber(0.3), within: JSONNumber(0.01)), actual: s("0.305"), holds: true),
    PredicateCase(predicate: .closeTo(JSONNumber(0.3), within: JSONNumber(0.001)), actual: n(1), holds: false),
    PredicateCase(predicate: .nth(1, set(.equals(s("b")))), actual: .array([s("a"), s("b")]), holds: true),
    PredicateCase(predicate: .nth(-1, set(.equals(s("b")))), actual: .array([s("a"), s("b")]), holds: true),
    PredicateCase(predicate: .nth(2, set(.exists(false))), actual: .array([s("a"), s("b")]), holds: true),
    PredicateCase(predicate: .nth(0, set(.equals(s("one")))), actual: s("one"), holds: true),
    PredicateCase(predicate: .all(set(.gt(n(0)))), actual: .array([n(1), n(2)]), holds: true),
    PredicateCase(predicate: .all(set(.gt(n(1)))), actual: .array([n(1), n(2)]), holds: false),
    PredicateCase(predicate: .all(set(.gt(n(1)))), actual: .array([]), holds: true),
    PredicateCase(predicate: .any(set(.gt(n(1)))), actual: .array([n(1), n(2)]), holds: true),
    PredicateCase(predicate: .any(set(.gt(n(5)))), actual: .array([n(1), n(2)]), holds: false),
    PredicateCase(predicate: .any(set(.equals(s("x")))), actual: nil, holds: false),
]

extension AFSuite.Predicate {
    fileprivate static func gt(_ v: JSONValue) -> Self { .greaterThan(v) }
    fileprivate static func lt(_ v: JSONValue) -> Self { .lessThan(v) }
}

@Test(arguments: languageTable)
func languagePredicateRule(_ row: PredicateCase) {
    #expect(PredicateEvaluator.holds(row.predicate, for: row.actual) == row.holds)
}

/// The new predicates on node lists and against the fixture server's `/values` document.
@Suite struct PredicateLanguageTests {
    @Test func listPredicatesSeeTheNodeListOfANonSingularQuery() {
        let nodes = [s("a"), s("b"), s("c")]
        #expect(NodeListRules.evaluate(.nth(1, set(.equals(s("b")))), nodes: nodes, singular: false).passed)
        #expect(NodeListRules.evaluate(.all(set(.matches("^[a-c]$"))), nodes: nodes, singular: false).passed)
        #expect(!NodeListRules.evaluate(.any(set(.equals(s("d")))), nodes: nodes, singular: false).passed)
        #expect(NodeListRules.evaluate(.not(set(.count(set(.equals(n(2)))))), nodes: nodes, singular: false).passed)
        #expect(!NodeListRules.evaluate(.not(set(.contains(s("a")))), nodes: nodes, singular: false).passed)
    }

    @Test func aStoppedRegexIsNotTurnedIntoAPassByNot() {
        let verdict = PredicateEvaluator.verdict(
            .not(set(.matches("(a+)+$"))),
            for: s(String(repeating: "a", count: 40) + "!"),
            regexLimit: .milliseconds(1)
        )
        #expect(verdict != .holds)
    }

    @Test func everyNewPredicatePassesAndFailsAgainstTheServer() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "holds", "request": {"url": "values"}, "expect": {
                    "headers": {"Content-Type": {"not": {"contains": "xml"}, "startsWith": "application/"}},
                    "json": [
                      {"path": "$.id", "format": "uuid"},
                      {"path": "$.sum", "closeTo": 0.3, "within": 1e-9},
                      {"path": "$.tags", "nth": 2, "endsWith": "mma"},
                      {"path": "$.scores[*]", "all": {"lt": 10}, "any": {"equals": 5}}
                    ]}},
                  {"name": "fails", "request": {"url": "values"}, "expect": {
                    "json": [
                      {"path": "$.tags", "not": {"contains": "beta"}},
                      {"path": "$.short", "format": "uuid"},
                      {"path": "$.sum", "closeTo": 0.3, "within": 1e-20},
                      {"path": "$.scores", "all": {"gt": 4}}
                    ]}}
                ]}
                """#,
                on: server
            )
            #expect(results.count == 2)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(results[1].status == .failed)
            let failures = SuiteTextRun.failures(results[1])
            #expect(failures.count == 4, "\(failures)")
            #expect(failures.contains { $0.contains("$.tags: expected not (contains \"beta\")") }, "\(failures)")
            #expect(failures.contains { $0.contains("format uuid") && $0.contains("\"4c3b7f6a\"") }, "\(failures)")
            #expect(failures.contains { $0.contains("closeTo 0.3 within 1e-20") }, "\(failures)")
        }
    }
}
