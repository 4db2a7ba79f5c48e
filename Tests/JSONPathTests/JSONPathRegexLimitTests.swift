import JSONPath
import Testing

/// `match()` and `search()` run I-Regexps from queries over documents from outside: with a limit, a
/// pattern that backtracks exponentially stops the evaluation with an error instead of running for hours.
struct JSONPathRegexLimitTests {
    /// 60 `a`s and a `!`: `(a+)+b` tries every split of the `a`s (2^60) from each start before giving up.
    /// (An anchored `match()` is no test: ICU gives up on it by itself, answering false after ~0.5 s.)
    static let document = try! JSONValue(parsing: #"[{"s": "\#(String(repeating: "a", count: 60))!"}, {"s": "ab"}]"#)

    @Test(.timeLimit(.minutes(1)), arguments: ["$[?search(@.s, '(a+)+b')]", "$[?search(@.s, '(a|aa)+c')]"])
    func aCatastrophicPatternStopsAtTheLimit(_ expression: String) throws {
        let query = try JSONPathQuery(expression)
        #expect(throws: JSONPathRegexStopped.self) {
            try query.evaluate(Self.document, regexLimit: .milliseconds(100))
        }
        do {
            _ = try query.values(in: Self.document, regexLimit: .milliseconds(100))
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("(a"))
            #expect(error.description.contains("stopped after 0.1 s"))
        }
    }

    @Test func aQuickPatternGivesTheSameNodesWithALimit() throws {
        let query = try JSONPathQuery("$[?search(@.s, 'b')]")
        let bounded = try query.evaluate(Self.document, regexLimit: .seconds(60))
        #expect(bounded.map(\.path) == ["$[1]"])
        #expect(bounded == query.evaluate(Self.document))
    }
}
