import Foundation
import Testing

@testable import AFSession

/// The header callback's parser keeps the last head libcurl passes (after 100 and redirects).
struct ResponseHeadParserTests {
    private func feed(_ lines: [String]) -> ResponseHeadParser {
        var parser = ResponseHeadParser()
        for line in lines {
            let bytes = Array((line + "\r\n").utf8)
            bytes.withUnsafeBytes { parser.consume($0) }
        }
        return parser
    }

    /// Each complete 3xx head with a `Location` that another head followed is a redirect hop, with the cookies
    /// it set; a `100 Continue` and the final head (even a 3xx one) are not.
    @Test func redirectsAreTheFollowedHeads() {
        let parser = feed([
            "HTTP/1.1 301 Moved", "Location: /b", "Set-Cookie: a=1; Path=/", "set-cookie: b=2", "",
            "HTTP/1.1 100 Continue", "", "HTTP/2 308", "location: https://h/c", "", "HTTP/1.1 302 Found",
            "Location: /d", "Set-Cookie: c=3", "",
        ])
        #expect(
            parser.redirects == [
                RedirectHop(statusCode: 301, location: "/b", setCookies: ["a=1; Path=/", "b=2"]),
                RedirectHop(statusCode: 308, location: "https://h/c"),
            ]
        )
        #expect(parser.statusCode == 302)
        #expect(feed(["HTTP/1.1 200 OK", ""]).redirects.isEmpty)
    }

    /// The byte-level split of `Name: value` lines gives what the line-level parser gives.
    @Test func byteAndLineParsingAgree() {
        let lines = [
            "HTTP/1.1 200 OK", "Host: h", "Empty:", "X-Tabs:\t a b \t", "NoColon", "H: v", "HTTPX: y",
            "Folded: one", "  two", "Ümlaut: é", "Colon: a:b", "",
        ]
        let bytes = feed(lines)
        var text = ResponseHeadParser()
        for line in lines.dropLast() { text.consume(line: line) }
        #expect(bytes.headers == text.headers)
        #expect(bytes.headers["Folded"] == "one two")
        #expect(bytes.headers["Colon"] == "a:b")
        #expect(bytes.headers["Empty"] == "")
        #expect(bytes.statusCode == 200)
    }

    /// The byte-level status line reading gives what the line-level parser gives, and falls back to it.
    @Test(arguments: [
        "HTTP/1.1 200 OK", "HTTP/1.1 204", "HTTP/1.0 404 Not  Found \t", "HTTP/2 301 Moved", "HTTP/1.1  200 OK",
        "HTTP/1.1 2000 X", "HTTP/1.1 20", "HTTP/1.1 +20 X", "HTTP/1.1 200\tOK", "HTTP/3 500 Ünïcode", "HTTP/1.1",
        "HTTP/9.9 418 teapot",
    ])
    func byteAndLineStatusLinesAgree(statusLine: String) {
        let bytes = feed(["HTTP/1.1 100 Continue", "A: b", "", statusLine, "X: y"])
        var text = ResponseHeadParser()
        for line in ["HTTP/1.1 100 Continue", "A: b", statusLine, "X: y"] { text.consume(line: line) }
        #expect(bytes.statusCode == text.statusCode)
        #expect(bytes.reasonPhrase == text.reasonPhrase)
        #expect(bytes.httpVersion == text.httpVersion)
        #expect(bytes.headers == text.headers)
        #expect(bytes.headers["A"] == nil)
        #expect(!bytes.isComplete)
    }

    @Test func parsesStatusLineAndFields() {
        let parser = feed(["HTTP/1.1 404 Not Found", "Content-Type: text/plain", "X-A:  one ", ""])
        #expect(parser.statusCode == 404)
        #expect(parser.reasonPhrase == "Not Found")
        #expect(parser.httpVersion == .http1_1)
        #expect(parser.headers["content-type"] == "text/plain")
        #expect(parser.headers["X-A"] == "one")
        #expect(parser.isComplete)
    }

    @Test func laterHeadReplacesEarlier() {
        let parser = feed(["HTTP/1.1 302 Found", "Location: /get", "", "HTTP/2 200 ", "content-length: 3", ""])
        #expect(parser.statusCode == 200)
        #expect(parser.httpVersion == .http2)
        #expect(parser.headers["Location"] == nil)
        #expect(parser.headers["Content-Length"] == "3")
    }

    @Test func repeatedFieldsKeepOrder() {
        let parser = feed(["HTTP/1.1 200 OK", "Set-Cookie: a=1", "Set-Cookie: b=2", ""])
        #expect(parser.headers.values(for: "set-cookie") == ["a=1", "b=2"])
    }
}
