import Foundation
import JSONPath
import Testing

/// `parseWithSourceIndex` keeps byte offsets and resolves them on demand; every answer must be
/// the one `parseWithLocations` gives (the loader's diagnostics depend on it).
struct JSONSourceIndexTests {
    static let documents: [String] = [
        JSONSourceMapTests.document,
        "\u{FEFF}{\"a\": [1, {\"b\": null}],\n  \"c\": \"x\"}",
        "{\"k\\u0041y\": 1, \"k\\\"q\": [[], {}], \"\": {\"\": 2}}",
        "{\r\n\t\"é\": {\"ü/~\": [\"€\", 3.5e2]},\r\n\t\"e\": false\n}",
        "{\"dup\": 1, \"x\": {\"y\": 2}, \"dup\": {\"z\": [true]}}",
        "[[[1], 2], {\"a\": [{\"b\": [0, 1, 2]}]}]",
        "  \"just a string\"  ",
    ]

    /// Every pointer the dictionary map knows, answered identically by the index.
    @Test(arguments: documents)
    func agreesWithTheSourceMap(document: String) throws {
        let data = Data(document.utf8)
        let (_, map) = try JSONValue.parseWithLocations(data)
        let (_, index) = try JSONValue.parseWithSourceIndex(data)
        #expect(!map.valueLocations.isEmpty)
        for (pointer, location) in map.valueLocations {
            #expect(index.location(of: pointer) == location, "value at \(pointer)")
            #expect(index.keyLocation(of: pointer) == map.keyLocation(of: pointer), "key at \(pointer)")
        }
    }

    /// Walking by node number reaches every value the pointer walk reaches, with the same pointer text
    /// and places (for a repeated name, the member whose value the parser kept).
    @Test(arguments: documents)
    func nodesAgreeWithPointers(document: String) throws {
        let (_, index) = try JSONValue.parseWithSourceIndex(Data(document.utf8))
        let (_, map) = try JSONValue.parseWithLocations(Data(document.utf8))
        #expect(index.nodeCount > 0)
        var reached = Set<String>()
        for node in 0..<index.nodeCount {
            let pointer = index.pointer(ofNode: node)
            if let kept = index.location(of: pointer), kept == index.location(ofNode: node) {
                reached.insert(pointer)
                #expect(index.keyLocation(ofNode: node) == index.keyLocation(of: pointer), "key of \(pointer)")
            }
            for position in 0..<index.childCount(of: node) {
                let child = index.child(of: node, at: position)
                #expect(index.pointer(ofNode: child).hasPrefix(pointer + "/"), "child \(position) of \(pointer)")
            }
        }
        #expect(reached == Set(map.valueLocations.keys))
    }

    @Test func findsMembersByName() throws {
        let (_, index) = try JSONValue.parseWithSourceIndex(Data("{\"a\": 1, \"b\": {\"c\": [true]}, \"a\": 2}".utf8))
        let b = try #require(index.member(of: 0, named: "b"))
        #expect(index.pointer(ofNode: b) == "/b")
        let c = try #require(index.member(of: b, named: "c"))
        #expect(index.pointer(ofNode: index.child(of: c, at: 0)) == "/b/c/0")
        // The repeated name answers with the last member, whose value the parser kept.
        let a = try #require(index.member(of: 0, named: "a"))
        #expect(index.location(ofNode: a).column == 35)
        #expect(index.member(of: 0, named: "z") == nil)
        #expect(index.member(of: c, named: "x") == nil)
    }

    @Test func unknownPointersHaveNoLocation() throws {
        let (_, index) = try JSONValue.parseWithSourceIndex(Data("{\"a\": [1, 2], \"b\": {}}".utf8))
        #expect(index.location(of: "/a/2") == nil)
        #expect(index.location(of: "/a/x") == nil)
        #expect(index.location(of: "/c") == nil)
        #expect(index.location(of: "/a/0/deeper") == nil)
        #expect(index.location(of: "no-slash") == nil)
        #expect(index.location(of: "/a/1")?.column == 11)
    }

    @Test func reportsRepeatedMemberNames() throws {
        let (_, repeated) = try JSONValue.parseWithSourceIndex(Data("{\"a\": {\"x\": 1, \"x\": 2}}".utf8))
        #expect(repeated.hasDuplicateKeys)
        let (_, unique) = try JSONValue.parseWithSourceIndex(Data("{\"a\": {\"x\": 1, \"y\": 2}, \"x\": 3}".utf8))
        #expect(!unique.hasDuplicateKeys)
    }

    @Test func givesLineText() throws {
        let (_, index) = try JSONValue.parseWithSourceIndex(Data("{\n  \"a\": 1\n}".utf8))
        #expect(index.lineText(2) == "  \"a\": 1")
        #expect(index.lineText(3) == "}")
        #expect(index.lineText(4) == nil)
        #expect(index.lineText(0) == nil)
    }

    @Test func failsLikeThePlainParser() {
        #expect(throws: JSONParseError.self) { try JSONValue.parseWithSourceIndex(Data("{\"a\": [1,]}".utf8)) }
    }
}
