import JSONPath
import Testing

/// Faithful numbers: exact integers, exact equality and order across spellings.
struct JSONNumberTests {
    static let integers: [(String, Int64?)] = [
        ("1", 1), ("-7", -7), ("1e2", 100), ("1E+2", 100), ("1.50e1", 15), ("100e-2", 1), ("1.0", 1),
        ("-0", 0), ("0.0e5", 0), ("1.5", nil), ("1e-2", nil), ("9223372036854775807", .max),
        ("-9223372036854775808", .min), ("9223372036854775808", nil), ("1e19", nil), ("1e400", nil),
    ]

    @Test(arguments: integers)
    func int64Value(literal: String, expected: Int64?) throws {
        #expect(try #require(JSONNumber(literal: literal)).int64Value == expected)
    }

    static let equal: [(String, String)] = [
        ("1", "1.0"), ("100", "1e2"), ("0.1", "1e-1"), ("-0", "0"), ("12345678901234567890", "1.234567890123456789e19"),
    ]

    @Test(arguments: equal)
    func equalAcrossSpellings(a: String, b: String) throws {
        let x = try #require(JSONNumber(literal: a))
        let y = try #require(JSONNumber(literal: b))
        #expect(x == y)
        #expect(x.hashValue == y.hashValue)
        #expect(!(x < y) && !(y < x))
    }

    static let ordered: [(String, String)] = [
        ("1", "2"), ("-2", "-1"), ("-1", "0"), ("0.1", "0.11"), ("99", "1e2"), ("-1e2", "-99"),
        ("12345678901234567890123", "12345678901234567890124"), ("1e-400", "1e-399"), ("-1e400", "1"),
    ]

    @Test(arguments: ordered)
    func ordersExactly(smaller: String, larger: String) throws {
        let x = try #require(JSONNumber(literal: smaller))
        let y = try #require(JSONNumber(literal: larger))
        #expect(x < y)
        #expect(!(y < x))
        #expect(x != y)
    }

    @Test(arguments: ["", "01", "+1", "1.", ".5", "1e", "0x10", "NaN", "1 ", "--1"])
    func rejectsInvalidLiterals(literal: String) {
        #expect(JSONNumber(literal: literal) == nil)
    }

    @Test func doubleInitializerWritesIntegersAsIntegers() {
        #expect(JSONNumber(2.0).literal == "2")
        #expect(JSONNumber(1e2).int64Value == 100)
        #expect(JSONNumber(0.5).literal == "0.5")
        #expect(JSONNumber(1e300).doubleValue == 1e300)
        #expect(JSONNumber(42).literal == "42")
    }
}
