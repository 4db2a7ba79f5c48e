import JSONPath
import Testing

/// Array slice semantics (RFC 9535 §2.3.4.2), including negative and zero steps and bounds
/// far outside the array, over `[0, 1, …, 9]`.
struct JSONPathSliceTests {
    static let table: [(slice: String, indices: [Int])] = [
        ("[:]", Array(0...9)),
        ("[::]", Array(0...9)),
        ("[3:]", [3, 4, 5, 6, 7, 8, 9]),
        ("[:3]", [0, 1, 2]),
        ("[2:5]", [2, 3, 4]),
        ("[5:2]", []),
        ("[-3:]", [7, 8, 9]),
        ("[:-3]", [0, 1, 2, 3, 4, 5, 6]),
        ("[-3:-1]", [7, 8]),
        ("[::2]", [0, 2, 4, 6, 8]),
        ("[1::3]", [1, 4, 7]),
        ("[::-1]", [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]),
        ("[::-3]", [9, 6, 3, 0]),
        ("[5::-1]", [5, 4, 3, 2, 1, 0]),
        ("[:5:-1]", [9, 8, 7, 6]),
        ("[7:2:-2]", [7, 5, 3]),
        ("[2:7:-1]", []),
        ("[-1:-4:-1]", [9, 8, 7]),
        ("[::0]", []),
        ("[1:5:0]", []),
        ("[-100:100]", Array(0...9)),
        ("[100:-100:-1]", [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]),
        ("[100:]", []),
        ("[:-100]", []),
        ("[0:10:9007199254740991]", [0]),
        ("[-9007199254740991:9007199254740991]", Array(0...9)),
        ("[9007199254740991:-9007199254740991:-9007199254740991]", [9]),
        ("[ 1 : 3 ]", [1, 2]),
        ("[1:3:]", [1, 2]),
    ]

    @Test(arguments: table)
    func slice(slice: String, indices: [Int]) throws {
        let expected = indices.map { "$[\($0)]" }
        #expect(try paths("$" + slice, in: "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]") == expected)
    }

    @Test(arguments: ["$[:]", "$[::-1]", "$[0:1]"])
    func sliceOfEmptyArrayOrNonArray(query: String) throws {
        #expect(try select(query, in: "[]") == "[]")
        #expect(try select(query, in: #"{"a": 1}"#) == "[]")
        #expect(try select(query, in: #""abc""#) == "[]")
    }
}
