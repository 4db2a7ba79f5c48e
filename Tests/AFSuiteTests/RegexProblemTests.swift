import Foundation
import Testing

@testable import AFSuite

/// The explanations given for regexes that do not compile (Foundation on Linux gives none).
@Suite struct RegexProblemTests {
    @Test(arguments: [
        ("([a-z", "unclosed `[` character class", 1),
        ("(abc", "unclosed `(` group", 0),
        ("abc)", "unmatched `)`", 3),
        ("*a", "`*` has nothing to repeat", 0),
        ("a|+b", "`+` has nothing to repeat", 2),
        ("a{3,1}", "`{3,1}` has its minimum above its maximum", 1),
        ("abc\\", "a trailing `\\` escapes nothing", 3),
    ])
    func explainsCommonMistakes(pattern: String, message: String, offset: Int) throws {
        #expect((try? NSRegularExpression(pattern: pattern)) == nil, "the engine accepts \(pattern)")
        let problem = try #require(RegexProblem.explain(pattern))
        #expect(problem.message == message)
        #expect(problem.offset == offset)
    }

    @Test(arguments: [#"max-age=\d+"#, "(?:a|b)*?c", "[]a]+", #"[\]]"#, "(?<id>\\w+)", "a{2,}", "x{1,3}+", "^$"])
    func acceptsValidPatterns(pattern: String) {
        #expect((try? NSRegularExpression(pattern: pattern)) != nil)
        #expect(RegexProblem.explain(pattern) == nil)
    }
}
