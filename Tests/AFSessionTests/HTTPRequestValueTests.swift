import AFSession
import Foundation
import Testing

/// `HTTPRequest` keeps its fields behind one shared reference; it must still behave as a value.
@Suite struct HTTPRequestValueTests {
    @Test func changesInPlaceReachOnlyTheCopyThatMadeThem() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/users/1"))
        var original = HTTPRequest(url: url, headers: ["Accept": "application/json"])
        original.handlesCookies = false
        var copy = original
        copy.headers["X-Trace"] = "abc"
        copy.headers.add(name: "Accept", value: "text/plain")
        copy.method = .post
        copy.timeout = .seconds(3)
        #expect(original.headers["X-Trace"] == nil)
        #expect(original.headers.count == 1)
        #expect(original.method == .get)
        #expect(original.timeout == nil)
        #expect(copy.headers["X-Trace"] == "abc")
        #expect(copy.headers.count == 3)
        #expect(copy.handlesCookies == false)
        #expect(copy.description == "POST http://127.0.0.1:8080/users/1")
        #expect(String(describing: original).contains("/users/1"))
    }
}
