import Testing
import JSONPath

/// Ordered members with indexed lookup.
struct JSONObjectTests {
    @Test func looksUpRemovesAndReplaces() {
        var object = JSONObject([("a", .null), ("b", .bool(true)), ("c", .string("x"))])
        #expect(object["b"] == .bool(true))
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["c"] == .string("x"))
        object["a"] = .number(JSONNumber(1))
        object["d"] = .null
        #expect(object.keys == ["a", "c", "d"])
        #expect(object["a"] == .number(JSONNumber(1)))
        #expect(object.contains(key: "d"))
        #expect(!object.contains(key: "b"))
    }

    @Test func equalityIgnoresOrder() {
        let a = JSONObject([("x", .null), ("y", .bool(false))])
        let b = JSONObject([("y", .bool(false)), ("x", .null)])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != JSONObject([("x", .null)]))
    }

    @Test func largeObjectLookup() {
        let object = JSONObject((0..<50_000).map { ("k\($0)", JSONValue.number(JSONNumber($0))) })
        #expect(object["k49999"] == .number(JSONNumber(49_999)))
        #expect(object.count == 50_000)
    }
}
