import Testing

@testable import JSONPath

/// Small objects are searched in order, large ones through an index: both must behave the same.
struct JSONObjectTests {
    @Test(arguments: [3, 12, 13, 40])
    func lookupsInsertionsAndRemovals(count: Int) {
        var object = JSONObject((0..<count).map { ("k\($0)", JSONValue.number(JSONNumber($0))) })
        #expect(object.count == count)
        #expect(object["k\(count - 1)"] == .number(JSONNumber(count - 1)))
        #expect(object["missing"] == nil)
        object["new"] = .bool(true)
        #expect(object.keys.last == "new")
        #expect(object.contains(key: "new"))
        object["k0"] = nil
        #expect(!object.contains(key: "k0"))
        #expect(object.keys.first == "k1")
        #expect(object["new"] == .bool(true))
        #expect(object["k\(count - 1)"] == .number(JSONNumber(count - 1)))
        object["k1"] = .null
        #expect(object.keys.first == "k1")
        #expect(object["k1"] == .null)
    }

    @Test func growingPastTheLinearLimitKeepsEveryKey() {
        var object = JSONObject()
        for i in 0..<30 { object["k\(i)"] = .number(JSONNumber(i)) }
        #expect((0..<30).allSatisfy { object["k\($0)"] == .number(JSONNumber($0)) })
        #expect(object.keys == (0..<30).map { "k\($0)" })
    }

    @Test func aRepeatedKeyKeepsTheFirstPlaceAndTheLastValue() {
        let object = JSONObject([("a", .number(JSONNumber(1))), ("b", .null), ("a", .number(JSONNumber(2)))])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .number(JSONNumber(2)))
    }
}
