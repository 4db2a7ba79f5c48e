import AFSession
import AFSuite
import Foundation
import JSONPath
import Testing

@testable import AFRunner

private func n(_ i: Int) -> JSONValue { .number(JSONNumber(i)) }
private func d(_ x: Double) -> JSONValue { .number(JSONNumber(x)) }

/// One row: a predicate, an actual value (nil: absent), whether it must hold.
struct PredicateCase: Sendable, CustomTestStringConvertible {
    var predicate: AFSuite.Predicate
    var actual: JSONValue?
    var holds: Bool
    var testDescription: String { "\(predicate) on \(actual.map { "\($0)" } ?? "absent") → \(holds)" }
}

private let predicateTable: [PredicateCase] = [
    PredicateCase(predicate: .equals(n(42)), actual: n(42), holds: true),
    PredicateCase(predicate: .equals(n(42)), actual: d(42.0), holds: true),
    PredicateCase(predicate: .equals(n(42)), actual: n(41), holds: false),
    PredicateCase(predicate: .equals(n(42)), actual: .string("42"), holds: true),
    PredicateCase(predicate: .equals(.string("a")), actual: .string("b"), holds: false),
    PredicateCase(predicate: .equals(n(1)), actual: nil, holds: false),
    PredicateCase(predicate: .notEquals(n(1)), actual: n(2), holds: true),
    PredicateCase(predicate: .notEquals(n(1)), actual: n(1), holds: false),
    PredicateCase(predicate: .exists(true), actual: .null, holds: true),
    PredicateCase(predicate: .exists(true), actual: nil, holds: false),
    PredicateCase(predicate: .exists(false), actual: nil, holds: true),
    PredicateCase(predicate: .matches("max-age=\\d+"), actual: .string("public, max-age=60"), holds: true),
    PredicateCase(predicate: .matches("^abc$"), actual: .string("xabc"), holds: false),
    PredicateCase(predicate: .contains(.string("lic")), actual: .string("alice"), holds: true),
    PredicateCase(predicate: .contains(n(2)), actual: .array([n(1), n(2)]), holds: true),
    PredicateCase(predicate: .contains(n(3)), actual: .array([n(1), n(2)]), holds: false),
    PredicateCase(predicate: .count(PredicateSet([.equals(n(3))])), actual: .array([n(1), n(2), n(3)]), holds: true),
    PredicateCase(predicate: .count(PredicateSet([.greaterThan(n(3))])), actual: .string("ab"), holds: false),
    PredicateCase(predicate: .type(.integer), actual: n(3), holds: true),
    PredicateCase(predicate: .type(.integer), actual: d(3.5), holds: false),
    PredicateCase(predicate: .type(.number), actual: d(3.5), holds: true),
    PredicateCase(predicate: .type(.string), actual: n(3), holds: false),
    PredicateCase(predicate: .type(.null), actual: .null, holds: true),
    PredicateCase(predicate: .lessThan(n(500)), actual: d(499.9), holds: true),
    PredicateCase(predicate: .lessThan(n(500)), actual: n(500), holds: false),
    PredicateCase(predicate: .lessThanOrEqual(n(500)), actual: n(500), holds: true),
    PredicateCase(predicate: .greaterThan(n(1)), actual: .string("2"), holds: true),
    PredicateCase(predicate: .greaterThanOrEqual(.string("b")), actual: .string("a"), holds: false),
    PredicateCase(predicate: .lessThan(n(1)), actual: .bool(true), holds: false),
    PredicateCase(predicate: .oneOf([.string("a"), .string("b")]), actual: .string("b"), holds: true),
    PredicateCase(predicate: .oneOf([.string("a"), .string("b")]), actual: .string("c"), holds: false),
]

@Test(arguments: predicateTable)
func predicateRule(_ row: PredicateCase) {
    #expect(PredicateEvaluator.holds(row.predicate, for: row.actual) == row.holds)
}

/// One row of the node-list rules: predicate, nodes, singular, expected outcome.
struct NodeListCase: Sendable, CustomTestStringConvertible {
    var predicate: AFSuite.Predicate
    var nodes: [JSONValue]
    var singular: Bool
    var passes: Bool
    var testDescription: String { "\(predicate) on \(nodes.count) nodes singular=\(singular) → \(passes)" }
}

private let nodeListTable: [NodeListCase] = [
    NodeListCase(predicate: .equals(.array([n(1), n(2)])), nodes: [n(1), n(2)], singular: false, passes: true),
    NodeListCase(predicate: .equals(n(1)), nodes: [n(1)], singular: true, passes: true),
    NodeListCase(predicate: .equals(n(1)), nodes: [n(1)], singular: false, passes: false),
    NodeListCase(
        predicate: .count(PredicateSet([.equals(n(3))])),
        nodes: [n(1), n(2), n(3)],
        singular: false,
        passes: true
    ),
    NodeListCase(predicate: .count(PredicateSet([.equals(n(0))])), nodes: [], singular: false, passes: true),
    NodeListCase(
        predicate: .count(PredicateSet([.equals(n(2))])),
        nodes: [.array([n(1), n(2)])],
        singular: true,
        passes: true
    ),
    NodeListCase(
        predicate: .count(PredicateSet([.equals(n(1))])),
        nodes: [.array([n(1), n(2)])],
        singular: true,
        passes: false
    ),
    NodeListCase(predicate: .count(PredicateSet([.equals(n(0))])), nodes: [], singular: true, passes: false),
    NodeListCase(predicate: .exists(false), nodes: [], singular: true, passes: true),
    NodeListCase(predicate: .exists(true), nodes: [], singular: false, passes: false),
    NodeListCase(predicate: .exists(true), nodes: [n(1)], singular: false, passes: true),
    NodeListCase(predicate: .type(.integer), nodes: [n(1), n(2)], singular: false, passes: true),
    NodeListCase(predicate: .type(.integer), nodes: [n(1), .string("x")], singular: false, passes: false),
    NodeListCase(predicate: .type(.integer), nodes: [], singular: false, passes: false),
    NodeListCase(
        predicate: .contains(.string("b")),
        nodes: [.string("a"), .string("b")],
        singular: false,
        passes: true
    ),
    NodeListCase(predicate: .contains(.string("li")), nodes: [.string("alice")], singular: true, passes: true),
    NodeListCase(predicate: .lessThan(n(10)), nodes: [n(1), n(20)], singular: false, passes: false),
]

@Test(arguments: nodeListTable)
func nodeListRule(_ row: NodeListCase) {
    #expect(NodeListRules.evaluate(row.predicate, nodes: row.nodes, singular: row.singular).passed == row.passes)
}

@Test func sha256MatchesKnownDigests() {
    #expect(OpenSSLDigest.sha256Hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
        OpenSSLDigest.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )
    let long = Data(repeating: 0x61, count: 1_000)
    #expect(OpenSSLDigest.sha256Hex(long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
}

/// Strings compare code point for code point, as JSONPath filters and JSON Schema compare them: a server that
/// sends `e` + U+0301 does not send U+00E9, and a test can tell.
@Suite struct PredicateCodePointTests {
    static let composed = JSONValue.string("caf\u{E9}")
    static let decomposed = JSONValue.string("cafe\u{301}")

    @Test func equalityIsByCodePoints() {
        #expect(PredicateEvaluator.holds(.equals(Self.composed), for: Self.composed))
        #expect(!PredicateEvaluator.holds(.equals(Self.composed), for: Self.decomposed))
        #expect(PredicateEvaluator.holds(.notEquals(Self.composed), for: Self.decomposed))
        #expect(!PredicateEvaluator.holds(.oneOf([Self.composed]), for: Self.decomposed))
        #expect(!PredicateEvaluator.holds(.equals(.array([Self.composed])), for: .array([Self.decomposed])))
        let object = JSONValue.object(JSONObject([("name", Self.composed)]))
        #expect(!PredicateEvaluator.holds(.equals(object), for: .object(JSONObject([("name", Self.decomposed)]))))
        #expect(PredicateEvaluator.holds(.equals(object), for: object))
    }

    @Test func textPredicatesAreByCodePoints() {
        #expect(!PredicateEvaluator.holds(.contains(.string("\u{E9}")), for: Self.decomposed))
        #expect(PredicateEvaluator.holds(.contains(.string("e\u{301}")), for: Self.decomposed))
        #expect(PredicateEvaluator.holds(.contains(.string("")), for: Self.decomposed))
        #expect(!PredicateEvaluator.holds(.endsWith("\u{E9}"), for: Self.decomposed))
        #expect(PredicateEvaluator.holds(.endsWith("\u{301}"), for: Self.decomposed))
        #expect(PredicateEvaluator.holds(.startsWith("cafe"), for: Self.decomposed))
        #expect(!PredicateEvaluator.holds(.startsWith("caf\u{E9}"), for: Self.decomposed))
    }

    @Test func stringsCountCodePoints() {
        #expect(PredicateEvaluator.count(of: Self.composed) == 4)
        #expect(PredicateEvaluator.count(of: Self.decomposed) == 5)
        #expect(PredicateEvaluator.count(of: .string("🇫🇷")) == 2)
    }
}
