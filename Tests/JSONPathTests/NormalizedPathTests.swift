import JSONPath
import Testing

/// Normalized paths (RFC 9535 §2.7): one canonical form per node, whatever selected it.
struct NormalizedPathTests {
    static let cases: [(query: String, document: String, path: String)] = [
        ("$.a", #"{"a": 1}"#, "$['a']"),
        ("$[1]", "[0, 1]", "$[1]"),
        ("$[-3]", "[0, 1, 2, 3, 4]", "$[2]"),
        ("$.a.b[1:2]", #"{"a": {"b": [0, 1, 2]}}"#, "$['a']['b'][1]"),
        (#"$["\u000B"]"#, #"{"\u000b": 1}"#, #"$['\u000b']"#),
        (#"$["\u0061"]"#, #"{"a": 1}"#, "$['a']"),
        ("$[10]", "[0,1,2,3,4,5,6,7,8,9,10]", "$[10]"),
        ("$.*", #"{"'": 1}"#, #"$['\'']"#),
        ("$.*", #"{"\\": 1}"#, #"$['\\']"#),
        ("$.*", #"{"\"": 1}"#, #"$['"']"#),
        ("$.*", #"{"/": 1}"#, "$['/']"),
        ("$.*", #"{"\b\f\n\r\t": 1}"#, #"$['\b\f\n\r\t']"#),
        ("$.*", #"{"\u0000\u001f": 1}"#, #"$['\u0000\u001f']"#),
        ("$.*", "{\"\u{7F}\u{85}\u{2028}😀é\": 1}", "$['\u{7F}\u{85}\u{2028}😀é']"),
        ("$..x", #"{"x": {"x": 1}}"#, "$['x']"),
    ]

    @Test(arguments: cases)
    func normalizedPath(query: String, document: String, path: String) throws {
        #expect(try paths(query, in: document).first == path)
    }

    @Test func normalizedPathsAreQueriesForTheSameNode() throws {
        let document = try json(#"{"a b": [{"'\n": [true]}]}"#)
        for node in try JSONPathQuery("$..*").evaluate(document) {
            let again = try JSONPathQuery(node.path).evaluate(document)
            #expect(again == [node])
        }
    }
}
