import Testing

@testable import JSONPath

/// `JSONPathQuery.bracketedSuggestion(for:)`: a dot name with `-` (header names) is offered in brackets, and
/// only when that makes a valid query.
struct JSONPathSuggestionTests {
    @Test(arguments: [
        ("$.headers.User-Agent", "$.headers['User-Agent']"),
        ("$..X-Custom-Header", "$..['X-Custom-Header']"),
        ("$.a.b-c.d-e[0]", "$.a['b-c']['d-e'][0]"),
        (#"$[?@.first-name == "a-b.c-d"].id"#, #"$[?@['first-name'] == "a-b.c-d"].id"#),
        ("$.été-1", "$['été-1']"),
        ("$.a-", "$['a-']"),
    ])
    func offersBrackets(expression: String, suggestion: String) throws {
        #expect(throws: JSONPathError.self) { try JSONPathQuery(expression) }
        #expect(JSONPathQuery.bracketedSuggestion(for: expression) == suggestion)
        _ = try JSONPathQuery(suggestion)
    }

    @Test(arguments: ["$.items[", "$.a b", "items.id", "$.a.b", "$.a-b[", "$.-a"])
    func offersNothingElse(expression: String) {
        #expect(JSONPathQuery.bracketedSuggestion(for: expression) == nil)
    }
}
