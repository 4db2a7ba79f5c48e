import AFSuite
import Testing

/// `RequestSpec` keeps its fields behind one shared reference; it must still behave as a value.
@Suite struct RequestSpecValueTests {
    @Test func aCopyChangesAlone() {
        var original = RequestSpec(
            url: "users/{{id}}",
            headers: [HeaderSpec(name: "Accept", value: "application/json")]
        )
        original.timeout = 5
        var copy = original
        copy.method = "POST"
        copy.headers.append(HeaderSpec(name: "X-Trace", value: "abc"))
        copy.body = .text("hello")
        #expect(original.method == "GET")
        #expect(original.headers.count == 1)
        #expect(original.body == nil)
        #expect(original.basicAuth == nil)
        #expect(copy.method == "POST")
        #expect(copy.headers.map(\.name) == ["Accept", "X-Trace"])
        #expect(copy.timeout == 5)
        #expect(String(describing: copy).contains("users/{{id}}"))
    }
}
