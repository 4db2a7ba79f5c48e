import JSONPath
import Testing

/// Comparison semantics (RFC 9535 §2.3.5.2.2, Table 11 and more): each row is a comparison that
/// must be true or false. It runs as the filter `$[?…]` over a two-member object, so true
/// selects both members and false none.
struct JSONPathComparisonTests {
    static let document = #"{"obj": {"x": "y"}, "arr": [2, 3]}"#

    static let table: [(comparison: String, result: Bool)] = [
        ("$.absent1 == $.absent2", true),
        ("$.absent1 <= $.absent2", true),
        ("$.absent == 'g'", false),
        ("$.absent1 != $.absent2", false),
        ("$.absent != 'g'", true),
        ("1 <= 2", true),
        ("1 > 2", false),
        ("13 == '13'", false),
        ("'a' <= 'b'", true),
        ("'a' > 'b'", false),
        ("$.obj == $.arr", false),
        ("$.obj != $.arr", true),
        ("$.obj == $.obj", true),
        ("$.obj != $.obj", false),
        ("$.arr == $.arr", true),
        ("$.arr != $.arr", false),
        ("$.obj == 17", false),
        ("$.obj != 17", true),
        ("$.obj <= $.arr", false),
        ("$.obj < $.arr", false),
        ("$.obj <= $.obj", true),
        ("$.arr <= $.arr", true),
        ("1 <= $.arr", false),
        ("1 >= $.arr", false),
        ("1 > $.arr", false),
        ("1 < $.arr", false),
        ("true <= true", true),
        ("true > true", false),
        // Numbers compare by value, whatever their spelling.
        ("1 == 1.0", true),
        ("100 == 1e2", true),
        ("0.1 < 0.10000000000000001", true),
        ("-0 == 0", true),
        ("12345678901234567890 < 12345678901234567891", true),
        ("$.arr[0] == 2.0", true),
        ("$.arr[1] > $.arr[0]", true),
        // Strings compare by Unicode scalar values.
        ("'a' < 'aa'", true),
        ("'Z' < 'a'", true),
        ("'\\u00e9' > 'z'", true),
        ("'😀' > '\\uFFFF'", true),
        ("'' < 'a'", true),
        // No order between other types, but equality still holds.
        ("null == null", true),
        ("null < null", false),
        ("null <= null", true),
        ("false < true", false),
        ("'1' < 2", false),
        ("$.obj.x == 'y'", true),
        ("$.obj == $.obj.x", false),
        ("$.absent < 1", false),
        ("$.absent >= $.absent", true),
    ]

    @Test(arguments: table)
    func comparison(comparison: String, result: Bool) throws {
        let selected = try JSONPathQuery("$[?\(comparison)]").evaluate(json(Self.document))
        #expect(selected.count == (result ? 2 : 0), "\(comparison)")
    }

    @Test func structuralEqualityIgnoresMemberOrder() throws {
        let document = #"[{"a": [1, {"b": 2}], "c": 3}, {"c": 3.0, "a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}]"#
        #expect(try select("$[?@ == $[0]]", in: document).count > 2)
        #expect(try paths("$[?@ == $[0]]", in: document) == ["$[0]", "$[1]"])
    }

    @Test func stringEqualityIsByScalarsNotCanonicalEquivalence() throws {
        // "é" precomposed and "e" + combining acute are different strings for JSONPath.
        let document = #"["\u00e9", "e\u0301"]"#
        #expect(try paths("$[?@ == '\\u00e9']", in: document) == ["$[0]"])
    }
}
