import Foundation
import Testing

@testable import AFSession

/// AF's `AFQueryStringPairsFromKeyAndValue` and `AFPercentEscapedStringFromString` rules.
@Suite struct QueryStringTests {
    static let emojiParameter: String = {
        var text = "!"
        while text.utf16.count < 50 { text += "👴🏿👷🏻👮🏽" }
        return text
    }()

    static let rules: [(String, ParameterValue, String)] = [
        ("flat keys sorted", ["key1": "value&", "key": "value"], "key=value&key1=value%26"),
        ("nested dictionary", ["user": ["name": "ann", "age": 7]], "user%5Bage%5D=7&user%5Bname%5D=ann"),
        ("deep nesting", ["a": ["b": ["c": "d"]]], "a%5Bb%5D%5Bc%5D=d"),
        ("array keeps order", ["ids": [3, 1, 2]], "ids%5B%5D=3&ids%5B%5D=1&ids%5B%5D=2"),
        ("array of dictionaries", ["p": [["x": 1], ["x": 2]]], "p%5B%5D%5Bx%5D=1&p%5B%5D%5Bx%5D=2"),
        ("set sorted by description", ["s": .set(["b", "a", "c"])], "s=a&s=b&s=c"),
        ("set of numbers sorted as text", ["s": .set([10, 9, 1])], "s=1&s=10&s=9"),
        ("null is a bare key", ["flag": nil, "x": 1], "flag&x=1"),
        ("nested null", ["a": ["b": nil]], "a%5Bb%5D"),
        ("booleans as 1 and 0", ["t": true, "f": false], "f=0&t=1"),
        ("doubles as written", ["d": 1.5, "i": 2.0], "d=1.5&i=2"),
        ("space and plus escaped", ["q": "a b+c"], "q=a%20b%2Bc"),
        ("slash and question mark kept", ["path": "/a/b?c"], "path=/a/b?c"),
        ("key escaped too", ["a&b": "c"], "a%26b=c"),
        ("unicode letters", ["name": "café"], "name=caf%C3%A9"),
        ("composed character", ["e": "e\u{301}"], "e=e%CC%81"),
        ("empty dictionary", [:], ""),
        ("empty string value", ["k": ""], "k="),
    ]

    @Test("query string rule", arguments: rules)
    func queryString(name: String, parameters: ParameterValue, expected: String) {
        #expect(QueryString.string(from: parameters) == expected, "\(name)")
    }

    static let escapes: [(String, String)] = [
        (":#[]@!$&'()*+,;=?/", "%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D?/"),
        ("AZaz09-._~", "AZaz09-._~"),
        ("a b", "a%20b"),
        ("100%", "100%25"),
        ("\"<>\\^`{|}", "%22%3C%3E%5C%5E%60%7B%7C%7D"),
        ("ü", "%C3%BC"),
        ("日本", "%E6%97%A5%E6%9C%AC"),
        ("👍🏽", "%F0%9F%91%8D%F0%9F%8F%BD"),
    ]

    @Test("percent escaping", arguments: escapes)
    func percentEscaping(input: String, expected: String) {
        #expect(QueryString.percentEscaped(input) == expected)
    }

    @Test("emoji across the 50-unit batch boundary are not split")
    func emojiBatchBoundary() throws {
        let query = QueryString.string(from: ["test": .string(Self.emojiParameter)])
        let expected =
            "test=%21"
            + String(repeating: "%F0%9F%91%B4%F0%9F%8F%BF%F0%9F%91%B7%F0%9F%8F%BB%F0%9F%91%AE%F0%9F%8F%BD", count: 5)
        #expect(query == expected)
        // Round trip: the escaped text decodes back to the exact parameter.
        let value = try #require(query.split(separator: "=").last.map(String.init)?.removingPercentEncoding)
        #expect(value == Self.emojiParameter)
    }

    @Test("long text with combining marks survives batching", arguments: [49, 50, 51, 99, 100, 101])
    func combiningMarksBatching(length: Int) throws {
        let text = String(repeating: "a", count: length) + "e\u{301}\u{302}" + String(repeating: "b", count: 60)
        let escaped = QueryString.percentEscaped(text)
        #expect(escaped.removingPercentEncoding == text)
        #expect(escaped.contains("e%CC%81%CC%82"))
    }

    @Test("pairs carry unescaped fields for multipart names")
    func pairs() {
        let pairs = QueryString.pairs(from: ["u": ["n": "a b"], "z": nil])
        #expect(pairs.map(\.field) == ["u[n]", "z"])
        #expect(pairs.map(\.value) == ["a b", nil])
    }
}
