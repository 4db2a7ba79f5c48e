import Foundation
import JSONPath
import Testing

/// A document parsed in parts gives the values, places and pointers of the whole-document parse; any
/// error makes it decline, so the whole-document parser reports the first one.
struct JSONSplitDocumentTests {
    static func document(count: Int, element: (Int) -> String = { "{\"name\": \"t\\u00e9st \($0)\", \"n\": [\($0), {\"é\": null}]}" }) -> String {
        "{\"name\": \"s\",\n \"tests\": [\n" + (0..<count).map(element).joined(separator: ",\n  ") + "\n], \"after\": {\"x\": 1}}"
    }

    @Test(arguments: [1, 2, 3, 7])
    func partsAgreeWithTheWholeDocument(parts: Int) throws {
        let data = Data(Self.document(count: 40).utf8)
        let (whole, wholeIndex) = try JSONValue.parseWithSourceIndex(data)
        let split = try #require(JSONSplitDocument(data, arrayMember: "tests"))
        #expect(split.elementCount == 40)
        let parsed = try #require(split.parse(parts: parts))
        guard case .object(let object) = whole, case .array(let tests)? = object["tests"] else {
            Issue.record("not a suite-shaped document")
            return
        }
        #expect(parsed.elements.map(\.value) == tests)
        #expect(parsed.root.serialized().contains("\"tests\":[]"))
        #expect(!parsed.hasDuplicateKeys)
        for (position, element) in parsed.elements.enumerated() {
            let index = parsed.parts[element.part]
            #expect(index.pointer(ofNode: element.node) == "/tests/\(position)")
            #expect(index.location(ofNode: element.node) == wholeIndex.location(of: "/tests/\(position)"))
            let name = try #require(index.member(of: element.node, named: "n"))
            let inner = index.child(of: name, at: 1)
            let accented = try #require(index.member(of: inner, named: "é"))
            #expect(index.pointer(ofNode: accented) == "/tests/\(position)/n/1/é")
            #expect(index.location(ofNode: accented) == wholeIndex.location(of: "/tests/\(position)/n/1/é"))
            #expect(index.keyLocation(ofNode: accented) == wholeIndex.keyLocation(of: "/tests/\(position)/n/1/é"))
        }
        let after = try #require(parsed.index.member(of: 0, named: "after"))
        #expect(parsed.index.location(ofNode: after) == wholeIndex.location(of: "/after"))
    }

    @Test func aRepeatedNameInAnyPartIsReported() throws {
        let text = Self.document(count: 10) { $0 == 7 ? "{\"a\": 1, \"a\": 2}" : "{\"a\": \($0)}" }
        let parsed = try #require(JSONSplitDocument(Data(text.utf8), arrayMember: "tests")?.parse(parts: 3))
        #expect(parsed.hasDuplicateKeys)
        #expect(parsed.index.hasDuplicateKeys)
    }

    @Test(arguments: [
        "[1, 2]",
        "{\"name\": \"no tests\"}",
        "{\"tests\": {\"not\": \"an array\"}}",
        "{\"tests\": [1], \"tests\": [2]}",
        "{\"tests\": [1, 2",
    ])
    func declinesWhatItCannotSplit(text: String) {
        #expect(JSONSplitDocument(Data(text.utf8), arrayMember: "tests") == nil)
    }

    @Test(arguments: [
        "{\"tests\": [{\"a\": 1}, {\"a\": tru}]}",
        "{\"tests\": [{\"a\": 1}, {\"a\": [1,]}]}",
        "{\"tests\": [{\"a\": 1}, 01]}",
        "{\"tests\": [{\"a\": 1}], \"b\": nul}",
        "{\"tests\": [{\"a\": \"\\x\"}, 2]}",
        "{\"tests\": [{\"a\": 1}], \"te\\u0073ts\": [{\"b\": 2}]}",
    ])
    func anErrorAnywhereDeclinesTheParse(text: String) throws {
        let split = try #require(JSONSplitDocument(Data(text.utf8), arrayMember: "tests"))
        #expect(split.parse(parts: 2) == nil)
        // A syntax error, or a repeated top-level name (here `tests` itself, once written with an escape).
        let whole = try? JSONValue.parseWithSourceIndex(Data(text.utf8))
        #expect(whole == nil || whole?.1.hasDuplicateKeys == true)
    }
}
