import JSONPath
import Testing

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

/// Each error has a kind a caller can switch on.
struct JSONPathErrorKindTests {
    static let cases: [(query: String, kind: JSONPathError.Kind)] = [
        ("$[", .syntax),
        (" $", .whitespace),
        ("$. a", .whitespace),
        ("$[01]", .invalidNumber),
        ("$[?@ == 1.]", .invalidNumber),
        ("$[9007199254740992]", .integerOutOfRange),
        ("$['\\q']", .invalidString),
        ("$[?@.* == 1]", .notSingular),
        ("$[?length(@.*) == 1]", .notSingular),
        ("$[?count(1) == 1]", .typeMismatch),
        ("$[?length(@)]", .typeMismatch),
        ("$[?length(@, @) == 1]", .argumentCount),
        ("$[?size(@) == 1]", .unknownFunction),
        ("$[?" + String(repeating: "(", count: 100) + "@" + String(repeating: ")", count: 100) + "]", .nestingTooDeep),
    ]

    @Test(arguments: cases)
    func kind(query: String, kind: JSONPathError.Kind) throws {
        let error = try #require(compileError(query))
        #expect(error.kind == kind, "\(query): \(error)")
    }
}
