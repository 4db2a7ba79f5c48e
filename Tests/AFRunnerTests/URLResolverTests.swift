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
