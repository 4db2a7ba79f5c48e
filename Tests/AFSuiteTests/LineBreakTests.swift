import Foundation
import Testing

@testable import AFSuite

/// Literal CR, LF and NUL in URLs and headers are rejected where they are written.
struct LineBreakTests {
    @Test(arguments: [
        (#""headers": {"X-A": "a\r\nX-Evil: 2"}"#, "X-A", "\\r"),
        (#""headers": {"X-A\nB": "a"}"#, "X-A\nB", "\\n"),
        (#""headers": {"X-A": "a\u0000b"}"#, "X-A", "\\0"),
    ])
    func headerLiteralsAreRejected(line: String, key: String, character: String) throws {
        let json = """
            {"name": "s", "baseURL": "http://x", "tests": [
              {"name": "t", "request": {"url": "/a", \(line)}}
            ]}
            """
        let errors = diagnostics(json)
        #expect(errors.count == 1)
        guard case .invalid(let d) = try #require(errors.first) else {
            Issue.record("\(errors)")
            return
        }
        #expect(d.reason == .forbiddenCharacter(key: key, character: character))
        #expect(d.location.line == 2)
        #expect(d.fix?.contains("remove the CR, LF or NUL") == true)
    }

    @Test func aURLWithALineBreakIsRejectedAtItsColumn() throws {
        let json = """
            {"name": "s", "baseURL": "http://x", "tests": [
              {"name": "t", "request": {"url": "/a\\r\\nHost: evil"}}
            ]}
            """
        let errors = diagnostics(json)
        guard case .invalid(let d) = try #require(errors.first) else {
            Issue.record("\(errors)")
            return
        }
        #expect(d.reason == .forbiddenCharacter(key: "url", character: "\\r"))
        let marker = try #require(position(of: "\\r\\nHost", in: json))
        #expect(d.location.line == marker.line)
        #expect(d.location.column == marker.column)
    }

    @Test func aBaseURLWithALineBreakIsRejected() {
        let errors = diagnostics(
            #"{"name": "s", "baseURL": "http://x/\n", "tests": [{"name": "t", "request": {"url": "/a"}}]}"#
        )
        #expect(errors.contains { if case .invalid(let d) = $0 { d.code == "forbidden-character" } else { false } })
    }
}
