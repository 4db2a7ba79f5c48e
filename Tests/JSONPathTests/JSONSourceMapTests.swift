import Foundation
import JSONPath
import Testing

/// `parseWithLocations` records where each value and member name starts, by JSON pointer.
struct JSONSourceMapTests {
    static let document = """
        {
          "name": "suite",
          "tests": [
            {"a/b": 1, "t~": [true]},
            "é"
          ]
        }
        """

    static let values: [(pointer: String, line: Int, column: Int)] = [
        ("", 1, 1),
        ("/name", 2, 11),
        ("/tests", 3, 12),
        ("/tests/0", 4, 5),
        ("/tests/0/a~1b", 4, 13),
        ("/tests/0/t~0", 4, 22),
        ("/tests/0/t~0/0", 4, 23),
        ("/tests/1", 5, 5),
    ]

    @Test(arguments: values)
    func locatesValues(pointer: String, line: Int, column: Int) throws {
        let (_, map) = try JSONValue.parseWithLocations(Data(Self.document.utf8))
        let location = try #require(map.location(of: pointer))
        #expect(location.line == line)
        #expect(location.column == column)
    }

    @Test func locatesMemberNames() throws {
        let (_, map) = try JSONValue.parseWithLocations(Data(Self.document.utf8))
        #expect(map.keyLocation(of: "/name") == JSONSourceLocation(offset: 4, line: 2, column: 3))
        #expect(map.keyLocation(of: "/tests/0/a~1b")?.column == 6)
        // An element has no name: the value's location stands in.
        #expect(map.keyLocation(of: "/tests/1")?.column == 5)
        #expect(map.location(of: "/missing") == nil)
    }

    @Test func countsColumnsInCharacters() throws {
        let (_, map) = try JSONValue.parseWithLocations(Data("[\"éé\", 1]".utf8))
        #expect(map.location(of: "/1")?.column == 8)
        #expect(map.location(of: "/1")?.offset == 9)
    }

    @Test func reportsErrorsWithLocations() {
        #expect {
            try JSONValue.parseWithLocations(Data("{\n  \"a\": tru\n}".utf8))
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == 2 && error.column == 8
        }
    }
}
