import JSONPath
import Testing

/// The function extensions (RFC 9535 §2.4) and their type rules.
struct JSONPathFunctionTests {
    static let document = """
        [{"s": "abc", "a": [1, 2, 3], "o": {"x": 1, "y": 2}, "n": 4, "e": "😀é"},
         {"s": "ab\\ncd", "a": [], "o": {}, "n": null},
         {"s": "", "c": [{"d": 1}, {"d": 2}]}]
        """

    static let cases: [(query: String, paths: [String])] = [
        ("$[?length(@.s) == 3]", ["$[0]"]),
        ("$[?length(@.a) == 3]", ["$[0]"]),
        ("$[?length(@.o) == 2]", ["$[0]"]),
        ("$[?length(@.e) == 2]", ["$[0]"]),  // Unicode scalars, not UTF-16 units
        ("$[?length(@.n) == 1]", []),  // a number has no length: Nothing
        ("$[?length(@.missing) == 0]", []),
        ("$[?length(@.s) == 0]", ["$[2]"]),
        ("$[?length('four') == 4]", ["$[0]", "$[1]", "$[2]"]),
        ("$[?count(@.*) == 5]", ["$[0]"]),
        ("$[?count(@..d) == 2]", ["$[2]"]),
        ("$[?count(@.missing) == 0]", ["$[0]", "$[1]", "$[2]"]),
        ("$[?count(@.a[*]) > 1]", ["$[0]"]),
        ("$[?value(@.c[*].d) == 1]", []),  // two nodes: Nothing
        ("$[?value(@.c[0].d) == 1]", ["$[2]"]),
        ("$[?value(@..d) == 1]", []),
        ("$[?value(@.n) == null]", ["$[1]"]),
        ("$[?match(@.s, 'ab.')]", ["$[0]"]),
        ("$[?match(@.s, 'ab')]", []),
        ("$[?search(@.s, 'ab')]", ["$[0]", "$[1]"]),
        ("$[?search(@.s, 'b.c')]", []),  // '.' does not match a newline
        ("$[?match(@.s, 'ab\\\\ncd')]", ["$[1]"]),
        ("$[?match(@.n, '4')]", []),  // not a string: false
        ("$[?match(@.s, 'a(')]", []),  // not an I-Regexp: false
        ("$[?!match(@.s, 'a(')]", ["$[0]", "$[1]", "$[2]"]),
        ("$[?match(@.s, $[0].s)]", ["$[0]"]),  // the pattern can come from the document
        ("$[?search(@.e, '\\\\p{So}')]", ["$[0]"]),
        ("$[?length(length(@.s)) == 1]", []),  // length of a number is Nothing
        ("$[?count(@.a) == 1 && length(@.a) == 0]", ["$[1]"]),
    ]

    @Test(arguments: cases)
    func function(query: String, expected: [String]) throws {
        #expect(try paths(query, in: Self.document) == expected)
    }

    /// RFC 9535 §2.4.9 (Table 14) and more: well-typed and ill-typed uses.
    static let typing: [(query: String, wellTyped: Bool)] = [
        ("$[?length(@) < 3]", true),
        ("$[?length(@.*) < 3]", false),
        ("$[?count(@.*) == 1]", true),
        ("$[?count(1) == 1]", false),
        ("$[?count(@) == 1]", true),
        ("$[?match(@.timezone, 'Europe/.*')]", true),
        ("$[?match(@.timezone, 'Europe/.*') == true]", false),
        ("$[?value(@..color) == \"red\"]", true),
        ("$[?value(@..color)]", false),
        ("$[?length(@)]", false),
        ("$[?count(@.*)]", false),
        ("$[?!match(@.a, 'x')]", true),
        ("$[?match(@.a)]", false),
        ("$[?match(@.a, 'x', 'y')]", false),
        ("$[?length()]", false),
        ("$[?match(@.*, 'x')]", false),
        ("$[?match(@.a, @.*)]", false),
        ("$[?length(@.a == 1) > 0]", false),
        ("$[?length(match(@.a, 'x')) > 0]", false),
        ("$[?count(length(@)) == 1]", false),
        ("$[?value(length(@)) == 1]", false),
        ("$[?length(value(@.a)) == 1]", true),
        ("$[?search(value(@..a), 'x')]", true),
        ("$[?length(true) == 1]", true),
        ("$[?length(null) == 1]", true),
        ("$[?length((@.a)) == 1]", false),
    ]

    @Test(arguments: typing)
    func typeRules(query: String, wellTyped: Bool) {
        #expect(
            (compileError(query) == nil) == wellTyped,
            "\(query): \(compileError(query).map(String.init(describing:)) ?? "compiles")"
        )
    }

    /// The JSONPath Compliance Test Suite's "functions, match, explicit caret" and "explicit dollar", and
    /// the same anchors in `search()`.
    static let anchors: [(query: String, document: String, selected: String)] = [
        ("$[?match(@, '^ab.*')]", #"["abc", "axc", "ab", "xab"]"#, #"["abc","ab"]"#),
        ("$[?match(@, '.*bc$')]", #"["abc", "axc", "ab", "abcx"]"#, #"["abc"]"#),
        ("$[?search(@, '^ab')]", #"["abc", "axc", "ab", "xab"]"#, #"["abc","ab"]"#),
        ("$[?search(@, 'bc$')]", #"["abc", "axc", "ab", "abcx"]"#, #"["abc"]"#),
        ("$[?match(@.name, '^ca.*')]", #"[{"name": "cat"}, {"name": "dog"}]"#, #"[{"name":"cat"}]"#),
    ]

    @Test(arguments: anchors)
    func caretAndDollarAnchor(query: String, document: String, selected: String) throws {
        #expect(try select(query, in: document) == selected)
    }

    @Test func errorNamesTheArgument() throws {
        let error = try #require(compileError("$[?length(@.*) < 3]"))
        #expect(error.message.contains("argument 1 of length()"))
        #expect(error.position == 10)
    }
}
