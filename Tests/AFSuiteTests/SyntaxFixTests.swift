import Foundation
import JSONPath
import Testing

@testable import AFSuite

/// The fix a syntax error gives fits its cause: an encoding, a nesting depth, or the grammar.
@Suite struct SyntaxFixTests {
    static let cases: [(bytes: [UInt8], line: Int, column: Int, message: String, fix: String)] = [
        (
            Array(#"{"name": "inv"#.utf8) + [0xFF, 0xFE] + Array(#"", "tests": []}"#.utf8), 1, 10,
            "invalid JSON: the string is not valid UTF-8", "save the file as UTF-8"
        ),
        (
            [0xFF, 0xFE] + Array(#"{"tests": []}"#.utf8).flatMap { [$0, 0] }, 1, 1,
            "invalid JSON: the text is UTF-16 (little-endian, with a byte order mark), not UTF-8",
            "save the file as UTF-8"
        ),
        (
            Array(#"{"tests": "#.utf8) + Array(repeating: UInt8(ascii: "["), count: 600), 1, 522,
            "invalid JSON: arrays and objects nest deeper than 512 levels",
            "nest arrays and objects at most 512 levels deep"
        ),
        (Array(#"{"tests": [1 2]}"#.utf8), 1, 14, "invalid JSON: unexpected character '2'", "missing comma"),
    ]

    @Test(arguments: cases.indices)
    func theFixFitsTheCause(_ index: Int) throws {
        let row = Self.cases[index]
        try withTemporaryFolder { root in
            let file = root.appendingPathComponent("s.json")
            try Data(row.bytes).write(to: file)
            let errors = SuiteLoader(environment: [:]).load(paths: [file.path]).errors
            guard case .invalid(let diagnostic)? = errors.first else {
                Issue.record("expected one diagnostic, got \(errors)")
                return
            }
            #expect(diagnostic.reason.code == "syntax")
            #expect(diagnostic.location.line == row.line)
            #expect(diagnostic.location.column == row.column, "\(diagnostic)")
            #expect(diagnostic.message.hasPrefix(row.message), "\(diagnostic.message)")
            #expect(diagnostic.fix?.contains(row.fix) == true, "\(diagnostic.fix ?? "")")
        }
    }
}
