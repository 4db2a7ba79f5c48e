import AFSession
import Foundation
import Testing

@testable import AFRunner

/// The byte comparison of media types agrees with the string comparison wherever it answers.
@Test(arguments: [
    ("application/json", "application/json"), ("Application/JSON; charset=utf-8", "application/json"),
    (" application/json ;q=1", "APPLICATION/JSON "), ("text/html", "application/json"), ("text/html", "text/htm"),
    (";x", "x"), (" ; x", ""), ("application/json", ";;"), ("tëxt/plain", "tëxt/plain"), ("a\tb", "A\tB"),
    ("application/json", "application/json; charset=utf-8"), ("", "application/json"),
])
func byteMediaTypeComparisonAgrees(header: String, expected: String) {
    let response = HTTPResponse(
        url: URL(string: "http://h/")!,
        statusCode: 200,
        headers: ["Content-Type": header],
        httpVersion: .http1_1
    )
    let slow =
        response.mimeType == expected.split(separator: ";").first.map { $0.trimmingHorizontalWhitespace().lowercased() }
    if let fast = AssertionEvaluator.asciiMediaTypesMatch(header, expected) { #expect(fast == slow) }
    let result = AssertionEvaluator().contentType(.mediaType(expected), response)
    #expect(result.passed == slow)
}
