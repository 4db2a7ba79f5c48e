import Foundation
import Testing

@testable import JSONPath

/// The parser's fast paths: string text is scanned sixteen bytes at a time, so every byte that
/// needs a look (a quote, a backslash, a control character, a byte above 0x7F) is placed at each
/// position of a chunk and in the tail a chunk does not cover; the tape grows past its first guess.
struct JSONParserScanTests {
    /// Positions from the start of a string's text: every lane of the first three chunks and beyond.
    static let positions = Array(0..<50)

    /// `count` plain letters, cycling so that a misplaced offset shows in the decoded text.
    static func plain(_ count: Int) -> String {
        String((0..<count).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
    }

    @Test(arguments: positions)
    func findsTheClosingQuoteAtEveryPosition(position: Int) throws {
        let text = Self.plain(position)
        // Alone (the end of the document is near) and followed by more text (a full chunk ahead).
        #expect(try JSONValue(parsing: "\"\(text)\"") == .string(text))
        let padded = "[\"\(text)\", \"\(Self.plain(40))\"]"
        #expect(try JSONDocument(parsing: padded).root == .array([.string(text), .string(Self.plain(40))]))
    }

    @Test(arguments: positions)
    func decodesEscapesAndNonASCIIAtEveryPosition(position: Int) throws {
        let before = Self.plain(position)
        let after = Self.plain(30)
        #expect(try JSONValue(parsing: "\"\(before)\\n\(after)\"") == .string(before + "\n" + after))
        #expect(try JSONValue(parsing: "\"\(before)\\\"\(after)\"") == .string(before + "\"" + after))
        #expect(try JSONValue(parsing: "\"\(before)été😀\(after)\"") == .string(before + "été😀" + after))
    }

    @Test(arguments: positions)
    func rejectsAControlCharacterAtEveryPosition(position: Int) {
        let text = "\"\(Self.plain(position))\u{1}\(Self.plain(30))\""
        #expect {
            try JSONDocument(parsing: text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            // Column 1 is the opening quote.
            return error.kind == .invalidString && error.line == 1 && error.column == position + 2
                && error.message.contains("control character U+0001")
        }
    }

    @Test(arguments: positions)
    func rejectsInvalidUTF8AtEveryPosition(position: Int) {
        var bytes = Array("[\"\(Self.plain(position))".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\(Self.plain(30))\"]".utf8)
        #expect {
            try JSONDocument(parsing: Data(bytes))
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            // Reported at the string's opening quote.
            return error.kind == .invalidUTF8 && error.column == 2
        }
    }

    @Test(arguments: positions)
    func reportsAnUnterminatedStringAtEveryLength(position: Int) {
        #expect {
            try JSONDocument(parsing: "[\"\(Self.plain(position))")
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.kind == .invalidString && error.column == 2 && error.message.contains("unterminated")
        }
    }

    @Test func growsTheTapePastItsFirstGuess() throws {
        // Two bytes per value: several times the entries the parser sizes its tape for at first.
        let count = 20_000
        let text = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
        let document = try JSONDocument(parsing: text)
        #expect(try JSONPathQuery("$[*]").count(in: document) == count)
        #expect(try JSONPathQuery("$[-1]").values(in: document) == [.number(JSONNumber(0))])
        let nested = "[" + Array(repeating: "[{}]", count: count).joined(separator: ",") + "]"
        #expect(try JSONPathQuery("$[*][0]").count(in: JSONDocument(parsing: nested)) == count)
    }

    @Test func parsesASliceOfLargerData() throws {
        // A body handed over as part of a larger buffer: offsets count from the slice's first byte.
        let data = Data("xx{\"key\": \"\(Self.plain(40))\"}yy".utf8)
        let slice = data[2..<(data.count - 2)]
        let document = try JSONDocument(parsing: slice)
        #expect(try JSONPathQuery("$.key").values(in: document) == [.string(Self.plain(40))])
        #expect(document.byteCount == data.count - 4)
    }
}
