import Foundation
import Testing

@testable import JSONPath

/// I-Regexp (RFC 9485) validation, translation and matching.
struct IRegexpTests {
    /// (pattern, subject, match result, search result)
    static let matching: [(pattern: String, subject: String, match: Bool, search: Bool)] = [
        ("abc", "abc", true, true),
        ("abc", "xabcx", false, true),
        ("a.c", "abc", true, true),
        ("a.c", "a\nc", false, false),
        ("a.c", "a\rc", false, false),
        ("a.c", "a\u{2028}c", true, true),
        ("a.c", "a😀c", true, true),
        ("..", "😀", false, false),
        ("a|bc", "abc", false, true),
        ("a|bc", "bc", true, true),
        ("(ab)+", "ababab", true, true),
        ("a{2,3}", "aaaa", false, true),
        ("a{2}", "aa", true, true),
        ("a{02}", "aa", true, true),
        ("a{2,}", "aaaaa", true, true),
        ("[a-c]+", "abcabc", true, true),
        ("[^a-c]", "\n", true, true),
        ("[-a]", "-", true, true),
        ("[a-]", "-", true, true),
        ("[a^]", "^", true, true),
        ("[.$]", "$", true, true),
        ("[\\]]", "]", true, true),
        ("[\\p{Lu}0-9]+", "A1", true, true),
        ("\\p{L}+", "日本", true, true),
        ("\\p{Nd}", "١", true, true),
        ("\\P{L}", "a", false, false),
        ("\\p{Lu}", "a", false, false),
        ("\\.", ".", true, true),
        ("\\^", "^", true, true),
        ("\\t", "\t", true, true),
        // '^' and '$' anchor, as the JSONPath Compliance Test Suite expects ("functions, match, explicit
        // caret/dollar"); `\^` is the literal.
        ("^ab.*", "abc", true, true),
        ("^ab.*", "xab", false, false),
        (".*bc$", "abc", true, true),
        (".*bc$", "abcx", false, false),
        ("^b", "abc", false, false),
        ("b$", "abc", false, false),
        ("c$", "abc", false, true),
        ("^a", "abc", false, true),
        ("^a", "^a", false, false),
        ("a[$]", "a$", true, true),
        ("", "", true, true),
        ("", "x", false, true),
        ("a", "A", false, false),
        ("\u{E9}", "\u{E9}", true, true),
        ("[😀-😂]", "😁", true, true),
        ("[😀-😂]", "a", false, false),
        ("[a&&b]", "&", true, true),
        ("a{0}", "", true, true),
        ("(a|b)*c", "ababc", true, true),
        ("\\p{Lt}", "ǅ", true, true),
        ("\\p{Zs}", "\u{A0}", true, true),
        ("\\p{Cc}", "\u{85}", true, true),
        ("[^\\p{L}]", "1", true, true),
        ("[\\P{L}]", "a", false, false),
    ]

    @Test(arguments: matching)
    func matches(pattern: String, subject: String, match: Bool, search: Bool) throws {
        #expect(
            try evaluate("match", pattern: pattern, subject: subject) == match,
            "match(\(subject.debugDescription), \(pattern))"
        )
        #expect(
            try evaluate("search", pattern: pattern, subject: subject) == search,
            "search(\(subject.debugDescription), \(pattern))"
        )
    }

    /// Patterns outside I-Regexp: `match` and `search` are false for them.
    static let notIRegexp = [
        "\\d", "\\w", "\\s", "\\b", "\\1", "\\$", "\\/", "\\u0041", "\\x41", "(?:a)", "(?i)a", "a*?", "a+?", "a**",
        "a{2}{3}", "a{,2}", "{2}", "a{x}", "a{2", "a{", "a}", "a]", "[]", "[^]", "[a", "*a", "(a", "a)", "\\",
        "[a-c-e]", "\\p{IsBasicLatin}", "\\p{Greek}", "\\p{lu}", "\\p{Cs}", "\\p{Lu", "\\pL", "[z-a]", "a{3,2}", "^*",
        "a$+",
    ]

    @Test(arguments: notIRegexp)
    func rejects(pattern: String) {
        #expect(IRegexp.translate(pattern, anchored: true) == nil, "\(pattern)")
    }

    static let categories = [
        "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Ps", "Pe",
        "Pi", "Pf", "Po", "Z", "Zs", "Zl", "Zp", "S", "Sm", "Sc", "Sk", "So", "C", "Cc", "Cf", "Co", "Cn",
    ]

    @Test(arguments: categories)
    func everyCategoryCompiles(category: String) throws {
        for pattern in ["\\p{\(category)}", "\\P{\(category)}", "[\\p{\(category)}a]"] {
            let translated = try #require(IRegexp.translate(pattern, anchored: true))
            #expect(throws: Never.self) { try NSRegularExpression(pattern: translated) }
        }
    }

    @Test func translation() {
        #expect(IRegexp.translate("a.b", anchored: true) == "\\A(?:a[^\\n\\r]b)\\z")
        #expect(IRegexp.translate("(a)|^", anchored: false) == "(?:(?:a)|\\A)")
        #expect(IRegexp.translate("\\^a$", anchored: false) == "(?:\\x{5e}a\\z)")
        #expect(IRegexp.translate("[\\p{L}-]", anchored: false) == "(?:[\\p{L}\\x{2d}])")
    }

    private func evaluate(_ function: String, pattern: String, subject: String) throws -> Bool {
        let literal = JSONValue.string(pattern).serialized()
        let query = try JSONPathQuery("$[?\(function)(@, \(literal))]")
        return !query.evaluate(.array([.string(subject)])).isEmpty
    }
}
