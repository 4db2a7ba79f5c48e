import Foundation
import Testing

/// `afrun jsonpath` end to end: values, normalized paths, and the exit-2 errors.
@Suite struct JSONPathCommandTests {
    private static let store = #"{"store": {"book": [{"title": "A", "price": 8.95}, {"title": "B", "price": 22.99}]}}"#

    @Test func printsTheNodeListAsAJSONArray() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write("store.json", Self.store)
        let output = try await AfrunProcess.run(
            ["jsonpath", "$.store.book[?@.price < 10].title", "store.json"],
            in: folder.url
        )
        #expect(output.status == 0, "\(output.all)")
        let values = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String]
        #expect(values == ["A"])
    }

    @Test func pathsPrintsNormalizedPaths() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write("store.json", Self.store)
        let output = try await AfrunProcess.run(["jsonpath", "--paths", "$..title", "store.json"], in: folder.url)
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("$['store']['book'][0]['title']"))
        #expect(output.stdout.contains("$['store']['book'][1]['title']"))
    }

    @Test func invalidExpressionExitsTwoWithACaret() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write("store.json", Self.store)
        let output = try await AfrunProcess.run(["jsonpath", "$.store[?@.price <]", "store.json"], in: folder.url)
        #expect(output.status == 2)
        #expect(output.stderr.contains("$.store[?@.price <]"))
        #expect(output.stderr.contains("^"))
    }

    @Test func invalidDocumentExitsTwoWithItsPlace() async throws {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        try folder.write("broken.json", "{\"a\": [1, 2,]}")
        let output = try await AfrunProcess.run(["jsonpath", "$.a", "broken.json"], in: folder.url)
        #expect(output.status == 2)
        #expect(output.stderr.contains("broken.json:1:"))
    }
}
