import Testing

@testable import AFSuite

struct TerminalTextTests {
    @Test(arguments: [
        ("plain", false, "plain"),
        ("\u{1B}]0;t\u{07}", false, #"\x1b]0;t\x07"#),
        ("a\nb\tc\r", false, #"a\x0ab\x09c\x0d"#),
        ("a\nb\tc\r", true, "a\nb\tc\\x0d"),
        ("\u{9B}2J\u{7F}", false, #"\u{009b}2J\x7f"#),
        ("café 🚀", false, "café 🚀"),
        ("a\u{202E}gnp.exe", false, #"a\u{202e}gnp.exe"#),
        ("\u{2066}x\u{2069}\u{200F}\u{2028}", false, #"\u{2066}x\u{2069}\u{200f}\u{2028}"#),
        ("עברית", false, "עברית"),
    ])
    func controlCharactersAreShownAsEscapes(text: String, multiline: Bool, shown: String) {
        #expect(TerminalText.visible(text, multiline: multiline) == shown)
    }

    @Test func anExcerptIsClippedAroundTheColumn() {
        let line = String(repeating: "x", count: 10_000) + "HERE" + String(repeating: "y", count: 10_000)
        let (text, caret) = SuiteError.excerpt(of: line, column: 10_001)
        #expect(text.count <= SuiteError.excerptWidth + 2)
        #expect(text.hasPrefix("…") && text.hasSuffix("…"))
        let index = text.index(text.startIndex, offsetBy: caret)
        #expect(text[index...].hasPrefix("HERE"))
    }
}
