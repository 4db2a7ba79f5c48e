import Foundation
import Testing

@testable import AFSession

/// `trimmingHorizontalWhitespace()` trims what Foundation's `CharacterSet.whitespaces` trims.
@Test(arguments: ["", "  ", "application/json", " application/json \t", "\u{00A0}text/html\u{2003}", "a b", "\ttab\n",
    "é ", " ✓"])
func trimsLikeFoundation(text: String) {
    #expect(String(text.trimmingHorizontalWhitespace()) == text.trimmingCharacters(in: .whitespaces))
}

@Test func mediaTypeIgnoresParametersAndCase() {
    let response = HTTPResponse(
        url: URL(string: "http://h/")!, statusCode: 200, headers: ["Content-Type": " Application/JSON ; charset=utf-8"], httpVersion: .http1_1)
    #expect(response.mimeType == "application/json")
}

/// Header names compare ignoring ASCII case only: `[` and `{` differ by the case bit but are not letters.
@Test(arguments: [("Content-Type", "content-type", true), ("X-A", "x-a", true), ("a[", "A{", false), ("ab", "abc", false),
    ("É", "é", false), ("", "", true)])
func headerNamesIgnoreASCIICase(a: String, b: String, equal: Bool) {
    let headers = HTTPHeaders([HTTPHeaders.Field(name: a, value: "v")])
    #expect((headers[b] != nil) == equal)
}
