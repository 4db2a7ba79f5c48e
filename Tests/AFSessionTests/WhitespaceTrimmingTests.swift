import Foundation
import Testing

@testable import AFSession

/// `trimmingHorizontalWhitespace()` trims what Foundation's `CharacterSet.whitespaces` trims.
@Test(arguments: [
    "", "  ", "application/json", " application/json \t", "\u{00A0}text/html\u{2003}", "a b", "\ttab\n",
    "é ", " ✓",
])
func trimsLikeFoundation(text: String) {
    #expect(String(text.trimmingHorizontalWhitespace()) == text.trimmingCharacters(in: .whitespaces))
}

@Test func mediaTypeIgnoresParametersAndCase() {
    let response = HTTPResponse(
        url: URL(string: "http://h/")!,
        statusCode: 200,
        headers: ["Content-Type": " Application/JSON ; charset=utf-8"],
        httpVersion: .http1_1
    )
    #expect(response.mimeType == "application/json")
}

/// The charset parameter: trimmed, unquoted, lower-cased, whatever the parameter's position.
@Test(
    arguments: [
        ("text/html; charset=UTF-8", "utf-8"), ("text/plain ;\tCharset = \"ISO-8859-1\" ", "iso-8859-1"),
        ("text/xml; q=1; charset=utf-16", "utf-16"), ("application/json", nil), ("text/plain; charset", nil),
    ] as [(String, String?)]
)
func charsetIsTheTrimmedParameter(contentType: String, charset: String?) {
    let response = HTTPResponse(
        url: URL(string: "http://h/")!,
        statusCode: 200,
        headers: ["Content-Type": contentType],
        httpVersion: .http1_1
    )
    #expect(response.textEncodingName == charset)
}

/// Header names compare ignoring ASCII case only: `[` and `{` differ by the case bit but are not letters.
@Test(arguments: [
    ("Content-Type", "content-type", true), ("X-A", "x-a", true), ("a[", "A{", false), ("ab", "abc", false),
    ("É", "é", false), ("", "", true),
])
func headerNamesIgnoreASCIICase(a: String, b: String, equal: Bool) {
    let headers = HTTPHeaders([HTTPHeaders.Field(name: a, value: "v")])
    #expect((headers[b] != nil) == equal)
}
