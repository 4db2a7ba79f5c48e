import Foundation
import Testing

@testable import JSONPath

/// A parsed `JSONDocument` answers every query as the `JSONValue` tree of the same text does.
struct JSONDocumentTests {
    static let documents: [String] = [
        bookstoreJSON,
        #"{"a": 1, "b": {"a": 2, "c": [1, 2, {"a": 3}]}, "a": 4}"#,
        #"{"k\u0065y": "escaped", "key2": "plain"}"#,
        #"[1, "two", 3.0e0, true, false, null, [], {}, [[1], {"x": [2]}]]"#,
        #"{"n": 12345678901234567890, "m": 1e2, "o": 100, "s": "\ud83d\ude00"}"#,
    ]

    static let queries: [String] = [
        "$", "$.*", "$..*", "$.a", "$['key']", "$.key2", "$['é']", "$..a", "$[*]", "$[-1]", "$[1:7:2]",
        "$[::-1]", "$[?@ == 1]", "$[?@.a > 1]", "$..[?@.a]", "$[?length(@) == 2]", "$[?count(@.*) > 1]",
        "$..book[?@.price < 10].title", "$.store.book[-1:]", "$..[?match(@, 't.*')]", "$[?@.n == 12345678901234567890]",
        "$[?value(@..a) == 3]", "$.s",
    ]

    @Test(arguments: documents)
    func answersAsTheTreeDoes(text: String) throws {
        let tree = try JSONValue(parsing: text)
        let document = try JSONDocument(parsing: text)
        #expect(document.root == tree)
        for expression in Self.queries {
            let query = try JSONPathQuery(expression)
            let fromTree = query.evaluate(tree)
            let fromDocument = query.evaluate(document)
            #expect(fromDocument.map(\.path) == fromTree.map(\.path), "\(expression)")
            #expect(fromDocument.map(\.value) == fromTree.map(\.value), "\(expression)")
            #expect(query.values(in: document) == query.values(in: tree), "\(expression)")
            #expect(query.count(in: document) == fromTree.count, "\(expression)")
        }
    }

    @Test func repeatedNamesKeepTheFirstPositionAndTheLastValue() throws {
        let document = try JSONDocument(parsing: #"{"a": 1, "b": 2, "\u0061": 3}"#)
        #expect(try JSONPathQuery("$.*").values(in: document) == [.number(JSONNumber(3)), .number(JSONNumber(2))])
        #expect(try JSONPathQuery("$.a").values(in: document) == [.number(JSONNumber(3))])
        #expect(try JSONPathQuery("$[?length($) == 2]").count(in: JSONDocument(parsing: "[0]")) == 0)
        #expect(try JSONPathQuery("$.*").evaluate(document).map(\.path) == ["$['a']", "$['b']"])
    }

    @Test(arguments: ["[1,]", "{\"a\" 1}", "\"\\uD800\"", "\"\u{1}\"", "01", "[1 2]", "{\"a\":1,}"])
    func failsAsTheTreeParserDoes(text: String) {
        var treeError: JSONParseError?
        var documentError: JSONParseError?
        do { _ = try JSONValue(parsing: text) } catch { treeError = error }
        do { _ = try JSONDocument(parsing: text) } catch { documentError = error }
        #expect(treeError != nil)
        #expect(documentError == treeError)
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let bytes = Data([0x22, 0x61, 0xC3, 0x28, 0x22])
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: bytes) }
        let overlong = Data([0x22, 0xE0, 0x80, 0xAF, 0x22])
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: overlong) }
        let surrogate = Data([0x22, 0xED, 0xA0, 0x80, 0x22])
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: surrogate) }
        #expect((try? JSONDocument(parsing: Data([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]))) != nil)
    }
}
