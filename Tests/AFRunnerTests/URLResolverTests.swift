import Foundation
import Testing

@testable import AFRunner

/// AFNetworking's slash rule: a base URL with a non-empty path is treated as a folder.
@Test(arguments: [
    ("https://h/v1", "users", "https://h/v1/users"),
    ("https://h/v1/", "users", "https://h/v1/users"),
    ("https://h/v1", "/users", "https://h/users"),
    ("https://h", "users", "https://h/users"),
    ("https://h/v1/api", "../x", "https://h/v1/x"),
    ("https://h/v1", "users?id=1", "https://h/v1/users?id=1"),
    ("https://h/v1", "http://other:8080/a", "http://other:8080/a"),
    ("https://h/v1?k=1", "users", "https://h/v1/users"),
    ("https://h/v1#top", "users", "https://h/v1/users"),
])
func resolvesRelativeToBase(base: String, reference: String, expected: String) throws {
    #expect(try URLResolver.resolve(reference, against: base).absoluteString == expected)
}

@Test func relativeURLWithoutBaseIsAnError() {
    #expect(throws: RunnerError.invalidURL("users")) { try URLResolver.resolve("users", against: nil) }
}

@Test func nonHTTPSchemeIsAnError() {
    #expect(throws: RunnerError.self) { try URLResolver.resolve("ftp://h/x", against: nil) }
}

/// A URL built from variables is checked only when sent: its error says what `validate` says of the same text.
@Test(arguments: [
    ("file:///etc/passwd", "it uses the `file` scheme; afrun sends only http and https requests"),
    ("FTP://h/x", "it uses the `ftp` scheme"),
    ("localhost:8099/get", "it has no scheme: write `http://localhost:8099/get`"),
])
func unsendableURLErrorSaysWhy(url: String, why: String) {
    #expect {
        try URLResolver.resolve(url, against: "http://127.0.0.1:8099")
    } throws: { error in
        "\(error)".contains(why)
    }
}

/// Spaces around a base are dropped, as around a request's URL.
@Test func spacesAroundTheBaseAreDropped() throws {
    #expect(try URLResolver.resolve("get", against: " http://h:8099 ").absoluteString == "http://h:8099/get")
}

/// A base prepared once resolves like the text form, and only `http:`/`https:` (any case) can start
/// an absolute reference.
@Test(arguments: [
    ("https://h/v1", "users"), ("https://h/v1/", "/users"), ("http://h:8080", "a/b?c=d"),
    ("https://h/v1", "HTTP://other/a"), ("https://h/v1", " users "), ("https://h/v1", "http:relative"),
])
func preparedBaseResolvesLikeText(base: String, reference: String) throws {
    let prepared = URLResolver.preparedBase(base)
    #expect(prepared != nil)
    #expect(try URLResolver.resolve(reference, base: prepared) == URLResolver.resolve(reference, against: base))
}

@Test(arguments: [
    ("http://x", true), ("HTTPS://x", true), ("hTtP:x", true), ("http", false), ("httpx://", false),
    ("users", false), ("ftp://h", false), ("", false),
])
func onlyHTTPSchemesMayBeAbsolute(text: String, expected: Bool) {
    #expect(URLResolver.mayBeHTTP(text) == expected)
}

/// The text join of the common case gives the URL RFC 3986 resolution gives; the other cases
/// are left to Foundation.
@Test(arguments: ["item.json?i=1", "users/42", "a/b/c?x=1&y=%20#frag", "é/ü", "x?q=a/./b", "a%2Fb", "users#top"])
func simpleJoinMatchesResolution(reference: String) throws {
    let base = try #require(URLResolver.preparedBase("http://127.0.0.1:8080/v1"))
    let joined = try #require(URLResolver.joinedSimple(reference, base: base))
    let resolved = try #require(URL(string: reference, relativeTo: base)?.absoluteURL)
    #expect(joined.absoluteString == resolved.absoluteString)
}

@Test(arguments: ["/abs", "./x", "../x", "a/./b", "a/../b", "?q=1", "#f", "mailto:x", "a:b/c", ""])
func otherReferencesAreLeftToFoundation(reference: String) throws {
    let base = try #require(URLResolver.preparedBase("http://h/v1/"))
    #expect(URLResolver.joinedSimple(reference, base: base) == nil)
}
