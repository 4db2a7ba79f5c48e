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
