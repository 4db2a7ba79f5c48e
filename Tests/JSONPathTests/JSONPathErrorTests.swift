import Testing
import JSONPath

/// How query errors read.
struct JSONPathErrorTests {
    @Test func caretPointsAtThePosition() throws {
        let error = try #require(compileError("$.a[01]"))
        #expect(error.description == "leading zeros are not allowed in integers at position 4")
        #expect(error.caretDiagnostic == "$.a[01]\n    ^ leading zeros are not allowed in integers")
    }

    @Test func positionsCountUnicodeScalars() throws {
        let error = try #require(compileError("$['é😀', 01]"))
        #expect(error.position == 8)
        #expect(error.caretDiagnostic.hasSuffix("\n        ^ leading zeros are not allowed in integers"))
    }

    @Test func errorAtTheEnd() throws {
        let error = try #require(compileError("$.a["))
        #expect(error.position == 4)
        #expect(error.caretDiagnostic == "$.a[\n    ^ " + error.message)
    }
}
