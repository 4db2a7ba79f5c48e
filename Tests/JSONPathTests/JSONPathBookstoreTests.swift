import JSONPath
import Testing

/// The Goessner bookstore examples (RFC 9535 §1.5, Table 2).
struct JSONPathBookstoreTests {
    static let cases: [(query: String, expected: String)] = [
        ("$.store.book[*].author", #"["Nigel Rees","Evelyn Waugh","Herman Melville","J. R. R. Tolkien"]"#),
        ("$..author", #"["Nigel Rees","Evelyn Waugh","Herman Melville","J. R. R. Tolkien"]"#),
        ("$.store..price", "[8.95,12.99,8.99,22.99,399]"),
        ("$..book[2].author", #"["Herman Melville"]"#),
        ("$..book[2].publisher", "[]"),
        ("$..book[-1].title", #"["The Lord of the Rings"]"#),
        ("$..book[0,1].title", #"["Sayings of the Century","Sword of Honour"]"#),
        ("$..book[:2].title", #"["Sayings of the Century","Sword of Honour"]"#),
        ("$..book[?@.isbn].title", #"["Moby Dick","The Lord of the Rings"]"#),
        ("$..book[?@.price<10].title", #"["Sayings of the Century","Moby Dick"]"#),
        ("$.store.bicycle.color", #"["red"]"#),
        ("$..book[?@.category == 'fiction' && @.price > 20].author", #"["J. R. R. Tolkien"]"#),
    ]

    @Test(arguments: cases)
    func bookstore(query: String, expected: String) throws {
        #expect(try select(query, in: bookstoreJSON) == expected)
    }

    @Test func storeWildcardSelectsBooksAndBicycle() throws {
        #expect(try paths("$.store.*", in: bookstoreJSON) == ["$['store']['book']", "$['store']['bicycle']"])
    }

    @Test func allMembersAndElements() throws {
        let nodes = try JSONPathQuery("$..*").evaluate(json(bookstoreJSON))
        // store, book, bicycle, 4 books, 4×(4 or 5) book members, 2 bicycle members.
        #expect(nodes.count == 27)
        #expect(nodes.first?.path == "$['store']")
        #expect(nodes.contains { $0.path == "$['store']['book'][3]['isbn']" })
    }

    @Test func cheapBookPaths() throws {
        #expect(
            try paths("$..book[?@.price<10]", in: bookstoreJSON) == ["$['store']['book'][0]", "$['store']['book'][2]"]
        )
    }

    @Test func valuesSkipPathsButMatchEvaluate() throws {
        let query = try JSONPathQuery("$..book[?@.price > 10].author")
        let document = try json(bookstoreJSON)
        #expect(query.values(in: document) == query.evaluate(document).map(\.value))
        #expect(query.values(in: document) == [.string("Evelyn Waugh"), .string("J. R. R. Tolkien")])
    }

    @Test func oneCompiledQueryServesConcurrentEvaluations() async throws {
        let query = try JSONPathQuery("$..book[?match(@.author, '[NH].*')].title")
        let document = try json(bookstoreJSON)
        let expected = query.evaluate(document)
        #expect(expected.map(\.path) == ["$['store']['book'][0]['title']", "$['store']['book'][2]['title']"])
        let results = await withTaskGroup(of: [JSONPathNode].self) { group in
            for _ in 0..<8 { group.addTask { query.evaluate(document) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }
}
