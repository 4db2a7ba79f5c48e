import Foundation
import JSONPath
import Testing

/// `JSONSplitDocument` validates the whole document but builds one top-level array's elements one by one; the
/// trees and places must be the whole document's.
struct JSONSplitDocumentTests {
    static let documents: [String] = [
        "{\"name\": \"s\", \"tests\": [{\"a\": [1, 2]},\n  {\"b\": {\"c\": \"é\"}}, 3, [[]], \"x\"], \"after\": [4]}",
        "\u{FEFF}{\r\n\t\"tests\" : [ {\"k\\u0041\": null} ,\r\n\t{\"ü\": [\"€\", 3.5e2]} ]\r\n}",
        "{\"tests\": [1], \"x\": {\"tests\": [2, 3]}, \"tests\": [{\"last\": true}, [5]]}",
        "{\"tests\": [], \"setup\": [{\"a\": 1}]}",
        "{\"tests\": {\"not\": [\"an array\"]}}",
        "[{\"tests\": [1]}]",
    ]

    @Test(arguments: documents)
    func elementsAreTheWholeDocumentsValuesAndPlaces(document: String) throws {
        let bytes = Array(document.utf8)
        let (whole, wholeIndex) = try JSONValue.parseWithSourceIndex(bytes)
        let split = try JSONSplitDocument(parsing: bytes, splittingArrayMember: "tests")
        guard case .object(let object) = whole, case .array(let elements)? = object["tests"] else {
            // Nothing to split: the tree is the whole document.
            #expect(split.elementCount == 0)
            #expect(split.root == whole)
            return
        }
        #expect(split.elementCount == elements.count)
        var rebuilt = object
        rebuilt["tests"] = .array([])
        #expect(split.root == .object(rebuilt))
        for position in elements.indices {
            let (value, index) = try split.element(at: position)
            #expect(value == elements[position])
            // Every node of the element is where the whole document's index puts it.
            for node in 0..<index.nodeCount {
                let pointer = "/tests/\(position)" + index.pointer(ofNode: node)
                #expect(index.location(ofNode: node) == wholeIndex.location(of: pointer), "\(pointer)")
                #expect(index.keyLocation(ofNode: node) == wholeIndex.keyLocation(of: pointer), "\(pointer)")
            }
        }
    }

    @Test func aSyntaxErrorInAnElementIsTheWholeDocumentsError() {
        let document = Array("{\"tests\": [{\"a\": 1},\n {\"b\": [1,]}]}".utf8)
        #expect(throws: JSONParseError.self) { try JSONSplitDocument(parsing: document, splittingArrayMember: "tests") }
        do {
            _ = try JSONSplitDocument(parsing: document, splittingArrayMember: "tests")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 11)
        }
    }

    @Test func aRepeatedNameInAnElementIsSeenThere() throws {
        let split = try JSONSplitDocument(
            parsing: Array("{\"tests\": [{\"a\": 1}, {\"a\": 1, \"a\": 2}]}".utf8),
            splittingArrayMember: "tests"
        )
        #expect(!split.index.hasDuplicateKeys)
        #expect(try !split.element(at: 0).index.hasDuplicateKeys)
        #expect(try split.element(at: 1).index.hasDuplicateKeys)
    }
}
