import AFSuite
import Testing

/// `TestCase` keeps its fields behind one shared reference; it must still behave as a value.
@Suite struct TestCaseValueTests {
    @Test func aCopyChangesAlone() {
        let location = SourceLocation(file: "suites/users.json", line: 12, column: 5, pointer: "/tests/0")
        var original = TestCase(name: "get user", location: location, request: RequestSpec(url: "users/1"))
        original.skip = "not yet"
        var copy = original
        copy.name = "get user again"
        copy.request.method = "HEAD"
        copy.captures.append(CaptureSpec(name: "etag", source: .header("ETag")))
        copy.retry = RetrySpec(count: 2, delayMs: 10)
        copy.skip = nil
        #expect(original.name == "get user")
        #expect(original.request.method == "GET")
        #expect(original.captures.isEmpty)
        #expect(original.retry == nil)
        #expect(original.skip == "not yet")
        #expect(original.row == nil)
        #expect(copy.name == "get user again")
        #expect(copy.request.method == "HEAD")
        #expect(copy.captures.map(\.name) == ["etag"])
        #expect(copy.retry == RetrySpec(count: 2, delayMs: 10))
        #expect(copy.location.line == 12)
        #expect(String(describing: copy).contains("get user again"))
    }
}
