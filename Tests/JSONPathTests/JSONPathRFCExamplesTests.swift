import JSONPath
import Testing

/// The examples of RFC 9535 section 2, table by table, with values and normalized paths.
struct JSONPathRFCExamplesTests {
    typealias Example = (query: String, values: String, paths: [String])

    static let nameDocument = #"{"o": {"j j": {"k.k": 3}}, "'": {"@": 2}}"#
    static let names: [Example] = [
        ("$.o['j j']", #"[{"k.k":3}]"#, ["$['o']['j j']"]),
        ("$.o['j j']['k.k']", "[3]", ["$['o']['j j']['k.k']"]),
        (#"$.o["j j"]["k.k"]"#, "[3]", ["$['o']['j j']['k.k']"]),
        (#"$["'"]["@"]"#, "[2]", [#"$['\'']['@']"#]),
    ]

    @Test(arguments: names)
    func nameSelector(example: Example) throws {
        try check(example, in: Self.nameDocument)
    }

    static let wildcardDocument = #"{"o": {"j": 1, "k": 2}, "a": [5, 3]}"#
    static let wildcards: [Example] = [
        ("$[*]", #"[{"j":1,"k":2},[5,3]]"#, ["$['o']", "$['a']"]),
        ("$.o[*]", "[1,2]", ["$['o']['j']", "$['o']['k']"]),
        ("$.o[*, *]", "[1,2,1,2]", ["$['o']['j']", "$['o']['k']", "$['o']['j']", "$['o']['k']"]),
        ("$.a[*]", "[5,3]", ["$['a'][0]", "$['a'][1]"]),
    ]

    @Test(arguments: wildcards)
    func wildcardSelector(example: Example) throws {
        try check(example, in: Self.wildcardDocument)
    }

    static let indexes: [Example] = [
        ("$[1]", #"["b"]"#, ["$[1]"]),
        ("$[-2]", #"["a"]"#, ["$[0]"]),
        ("$[2]", "[]", []),
        ("$[-3]", "[]", []),
    ]

    @Test(arguments: indexes)
    func indexSelector(example: Example) throws {
        try check(example, in: #"["a", "b"]"#)
    }

    static let slices: [Example] = [
        ("$[1:3]", #"["b","c"]"#, ["$[1]", "$[2]"]),
        ("$[5:]", #"["f","g"]"#, ["$[5]", "$[6]"]),
        ("$[1:5:2]", #"["b","d"]"#, ["$[1]", "$[3]"]),
        ("$[5:1:-2]", #"["f","d"]"#, ["$[5]", "$[3]"]),
        ("$[::-1]", #"["g","f","e","d","c","b","a"]"#, ["$[6]", "$[5]", "$[4]", "$[3]", "$[2]", "$[1]", "$[0]"]),
    ]

    @Test(arguments: slices)
    func sliceSelector(example: Example) throws {
        try check(example, in: #"["a", "b", "c", "d", "e", "f", "g"]"#)
    }

    static let filterDocument = """
        {"a": [3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}],
         "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}},
         "e": "f"}
        """
    static let filters: [Example] = [
        ("$.a[?@.b == 'kilo']", #"[{"b":"kilo"}]"#, ["$['a'][9]"]),
        ("$.a[?(@.b == 'kilo')]", #"[{"b":"kilo"}]"#, ["$['a'][9]"]),
        ("$.a[?@>3.5]", "[5,4,6]", ["$['a'][1]", "$['a'][4]", "$['a'][5]"]),
        (
            "$.a[?@.b]", #"[{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]"#,
            ["$['a'][6]", "$['a'][7]", "$['a'][8]", "$['a'][9]"]
        ),
        (
            "$[?@.*]",
            #"[[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}],{"p":1,"q":2,"r":3,"s":5,"t":{"u":6}}]"#,
            ["$['a']", "$['o']"]
        ),
        ("$[?@[?@.b]]", #"[[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]]"#, ["$['a']"]),
        ("$.o[?@<3, ?@<3]", "[1,2,1,2]", ["$['o']['p']", "$['o']['q']", "$['o']['p']", "$['o']['q']"]),
        (#"$.a[?@<2 || @.b == "k"]"#, #"[1,{"b":"k"}]"#, ["$['a'][2]", "$['a'][7]"]),
        (#"$.a[?match(@.b, "[jk]")]"#, #"[{"b":"j"},{"b":"k"}]"#, ["$['a'][6]", "$['a'][7]"]),
        (
            #"$.a[?search(@.b, "[jk]")]"#, #"[{"b":"j"},{"b":"k"},{"b":"kilo"}]"#,
            ["$['a'][6]", "$['a'][7]", "$['a'][9]"]
        ),
        ("$.o[?@>1 && @<4]", "[2,3]", ["$['o']['q']", "$['o']['r']"]),
        ("$.o[?@.u || @.x]", #"[{"u":6}]"#, ["$['o']['t']"]),
        ("$.a[?@.b == $.x]", "[3,5,1,2,4,6]", (0..<6).map { "$['a'][\($0)]" }),
        ("$.a[?@ == @]", #"[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]"#, (0..<10).map { "$['a'][\($0)]" }),
    ]

    @Test(arguments: filters)
    func filterSelector(example: Example) throws {
        try check(example, in: Self.filterDocument)
    }

    static let descendantDocument = #"{"o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]]}"#
    static let descendants: [Example] = [
        ("$..j", "[1,4]", ["$['o']['j']", "$['a'][2][0]['j']"]),
        ("$..[0]", #"[5,{"j":4}]"#, ["$['a'][0]", "$['a'][2][0]"]),
        ("$..o", #"[{"j":1,"k":2}]"#, ["$['o']"]),
        ("$.o..[*, *]", "[1,2,1,2]", ["$['o']['j']", "$['o']['k']", "$['o']['j']", "$['o']['k']"]),
        ("$.a..[0, 1]", #"[5,3,{"j":4},{"k":6}]"#, ["$['a'][0]", "$['a'][1]", "$['a'][2][0]", "$['a'][2][1]"]),
    ]

    @Test(arguments: descendants)
    func descendantSegment(example: Example) throws {
        try check(example, in: Self.descendantDocument)
    }

    @Test(arguments: ["$..[*]", "$..*"])
    func descendantWildcard(query: String) throws {
        let expected = #"[{"j":1,"k":2},[5,3,[{"j":4},{"k":6}]],1,2,5,3,[{"j":4},{"k":6}],{"j":4},{"k":6},4,6]"#
        #expect(try select(query, in: Self.descendantDocument) == expected)
    }

    static let nullDocument = #"{"a": null, "b": [null], "c": [{}], "null": 1}"#
    static let nulls: [Example] = [
        ("$.a", "[null]", ["$['a']"]),
        ("$.a[0]", "[]", []),
        ("$.a.d", "[]", []),
        ("$.b[0]", "[null]", ["$['b'][0]"]),
        ("$.b[*]", "[null]", ["$['b'][0]"]),
        ("$.b[?@]", "[null]", ["$['b'][0]"]),
        ("$.b[?@==null]", "[null]", ["$['b'][0]"]),
        ("$.c[?@.d==null]", "[]", []),
        ("$.null", "[1]", ["$['null']"]),
    ]

    @Test(arguments: nulls)
    func nullSemantics(example: Example) throws {
        try check(example, in: Self.nullDocument)
    }

    private func check(_ example: Example, in document: String) throws {
        #expect(try select(example.query, in: document) == example.values)
        #expect(try paths(example.query, in: document) == example.paths)
    }
}
