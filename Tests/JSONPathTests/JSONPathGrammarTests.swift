import JSONPath
import Testing

/// Every grammar rule, with queries that must compile and queries that must be rejected at a
/// given position with a given message.
struct JSONPathGrammarTests {
    static let valid = [
        "$", "$.a", "$['a']", #"$["a"]"#, "$.a.b", "$[0]", "$[-1]", "$[1:2]", "$[:]", "$[::]", "$[::-1]",
        "$[ 1 : 2 : 3 ]", "$[1 :]", "$[*]", "$.*", "$..*", "$..a", "$..[0]", "$..['a','b']", "$[ 'a' , 'b' ]",
        "$ .a", "$ ['a'] [0]", "$\t.a\n.b", "$._a1", "$.ünïcødé", "$.a😀", "$['\\uD83D\\uDE00']",
        "$['\\u00E9\\/\\b\\f\\n\\r\\t\\\\\\'']",
        #"$["\"'"]"#, "$[?@]", "$[?@.a]", "$[?!@.a]", "$[? ! @.a]", "$[?(@.a)]", "$[? !(@.a == 1) ]", "$[?!(@.a)]",
        "$[?@.a==1&&@.b!=2||@.c<3]", "$[?(@.a==1||@.b)&&!@.c]", "$[?@ .a == 1]", "$[?@ ['a'] [0] == 1]",
        "$[?@['a'][0]==1]",
        "$[?$.a==@.b]", "$[?@==-0]", "$[?@==1.5e3]", "$[?@==1E-3]", "$[?@==-1.5e+3]", "$[?@=='x\\u00e9']",
        "$[?@ == null]", "$[?true == @.a]", "$[?false != null]", "$[?@.a<=1 && @.a>=0 && @.a>-1]",
        "$[?length(@.a)>=2]", "$[?count(@.*)>1]", "$[?value(@..a)==1]", "$[?match(@.a,'a.*')]",
        #"$[?search(@.a,"b")]"#, "$[?length(length(@)) == 1]", "$[?count(@..*) == 0]", "$[? match( @ , 'x' ) ]",
        "$[?@[?@>1]]", "$[?@.a[?@.b[?@.c]]]", "$[?@.*]", "$[?@[*]]", "$[9007199254740991]", "$[-9007199254740991]",
        "$[?@.a==$..b]".replacingOccurrences(of: "$..b", with: "$.b"), "$[?@.true == true]", "$.null", "$.length",
    ]

    @Test(arguments: valid)
    func compiles(query: String) {
        #expect(compileError(query) == nil, "\(query): \(compileError(query).map(String.init(describing:)) ?? "")")
    }

    static let invalid: [(query: String, position: Int, message: String)] = [
        ("", 0, "empty"),
        (" $", 0, "leading whitespace"),
        ("$ ", 1, "trailing whitespace"),
        ("$.a ", 3, "trailing whitespace"),
        ("a", 0, "must start with '$'"),
        ("@.a", 0, "only allowed inside a filter"),
        ("$a", 1, "expected '.', '..' or '['"),
        ("$.", 2, "expected a member name"),
        ("$.1", 2, "cannot start with a digit"),
        ("$. a", 2, "whitespace is not allowed after"),
        ("$.['a']", 2, "'.[' is not allowed"),
        ("$..", 3, "expected a member name"),
        ("$...a", 3, "unexpected '.'"),
        ("$.. a", 3, "whitespace is not allowed after"),
        ("$.a-b", 3, "unexpected '-'"),
        ("$[]", 2, "empty brackets"),
        ("$[1", 3, "unclosed '['"),
        ("$[1,]", 4, "trailing comma"),
        ("$[1 2]", 4, "expected ',' or ']'"),
        ("$[01]", 2, "leading zeros"),
        ("$[-0]", 2, "'-0'"),
        ("$[-]", 3, "digit after '-'"),
        ("$[9007199254740992]", 2, "out of range"),
        ("$[-9007199254740992]", 2, "out of range"),
        ("$[1.0]", 2, "must be integers"),
        ("$[1:2:3:4]", 7, "expected ',' or ']'"),
        ("$[0:01]", 4, "leading zeros"),
        ("$[a]", 2, "expected a selector"),
        ("$['a]", 2, "unterminated string"),
        ("$['\\x']", 3, "invalid escape"),
        (#"$["\'"]"#, 3, "is not an escape inside"),
        (#"$['\"']"#, 3, "is not an escape inside"),
        ("$['\\uD800']", 3, "unpaired high surrogate"),
        ("$['\\uD800\\u0041']", 3, "must be followed by a low surrogate"),
        ("$['\\uDC00']", 3, "unpaired low surrogate"),
        ("$['\\u12']", 3, "four hexadecimal"),
        ("$['a\u{1}']", 4, "control character"),
        ("$['a\n']", 4, "control character"),
        ("$[?@.a == 01]", 10, "leading zeros"),
        ("$[?@.a == 1.]", 12, "decimal point"),
        ("$[?@.a == 1e]", 12, "exponent"),
        ("$[?@.a = 1]", 7, "use '=='"),
        ("$[?@.a === 1]", 9, "unexpected '='"),
        ("$[?@.*==1]", 3, "must be singular"),
        ("$[?@..a==1]", 3, "must be singular"),
        ("$[?@[0:1]==1]", 3, "must be singular"),
        ("$[?1==@[*]]", 6, "must be singular"),
        ("$[?@[ 'a' ] == 1]", 3, "blank space inside brackets"),
        ("$[?@[0 ] == 1]", 3, "blank space inside brackets"),
        ("$[?length(@[ 0 ]) == 1]", 10, "blank space inside brackets"),
        ("$[?1]", 3, "literal cannot stand alone"),
        ("$[?true]", 3, "literal cannot stand alone"),
        ("$[?@.a && 'x']", 10, "literal cannot stand alone"),
        ("$[?!1]", 4, "not a literal"),
        ("$[?!!@.a]", 4, "unexpected '!'"),
        ("$[?!@.a == 1]", 3, "negated expression cannot be compared"),
        ("$[?(@.a == 1) == true]", 3, "logical expression cannot be compared"),
        ("$[?(@.a]", 7, "expected ')'"),
        ("$[?(@.a", 7, "unclosed '('"),
        ("$[?@.a &&]", 9, "unexpected ']'"),
        ("$[?@.a | @.b]", 7, "operator is '||'"),
        ("$[?@.a & @.b]", 7, "operator is '&&'"),
        ("$[?@.a ||]", 9, "unexpected ']'"),
        ("$[?]", 3, "unexpected ']'"),
        ("$[?@.a == [1]]", 10, "unexpected '['"),
        ("$[?@.a == {}]", 10, "unexpected '{'"),
        ("$[?@.a == 'x']]", 14, "expected '.', '..' or '['"),
        ("$[?@.a == 'x'", 13, "unclosed '['"),
        ("$[?@.a == True]", 10, "unexpected 'T'"),
        ("$[?@.a == nul]", 10, "unknown name 'nul'"),
        ("$[?@.a == ]", 10, "unexpected ']'"),
        ("$[?@.a ==", 9, "expected a value to compare"),
        ("$[?@ =~ 'x']", 5, "use '=='"),
        ("$[?@.a in [1]]", 7, "expected ',' or ']'"),
        ("$[?" + String(repeating: "(", count: 70) + "@" + String(repeating: ")", count: 70) + "]", 67, "nest deeper"),
    ]

    @Test(arguments: invalid)
    func rejects(query: String, position: Int, message: String) throws {
        let error = try #require(compileError(query), "\(query) compiled")
        #expect(error.position == position, "\(query): \(error)")
        #expect(error.message.contains(message), "\(query): \(error)")
        #expect(error.expression == query)
    }

    @Test func singularity() throws {
        #expect(try JSONPathQuery("$").isSingular)
        #expect(try JSONPathQuery("$.a['b'][0][-1]").isSingular)
        #expect(try !JSONPathQuery("$.a[0,1]").isSingular)
        #expect(try !JSONPathQuery("$.a[*]").isSingular)
        #expect(try !JSONPathQuery("$..a").isSingular)
        #expect(try !JSONPathQuery("$[0:1]").isSingular)
        #expect(try !JSONPathQuery("$[?@]").isSingular)
        #expect(try !JSONPathQuery("$[ 0 ]").isSingular)
        #expect(try JSONPathQuery("$ [0] .a").isSingular)
    }

    @Test func queryIsAValue() throws {
        let a = try JSONPathQuery("$.a")
        #expect(a == (try JSONPathQuery("$.a")))
        #expect(a != (try JSONPathQuery("$['a']")))
        #expect(a.description == "$.a")
    }
}
