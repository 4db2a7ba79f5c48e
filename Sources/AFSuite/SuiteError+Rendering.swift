import Foundation

extension SuiteError {
    /// The problem as a compiler-style block: a headline with its code, the place, the source line with
    /// a caret under the column, the JSON pointer and the fix.
    ///
    /// ```
    /// error[unknown-key]: unknown key `contentTyp` in `expect`
    ///   --> suites/users.json:12:9
    ///    |
    /// 12 |         "contentTyp": "application/json",
    ///    |         ^ at /tests/0/expect/contentTyp
    ///    = fix: did you mean `contentType`?
    /// ```
    /// - Parameters:
    ///   - color: whether to use ANSI colors (red headline, blue gutter, green fix).
    ///   - sourceLine: returns line `n` (1-based) of `file`; by default the file is read from disk.
    /// - Returns: the block, without a trailing newline.
    public func rendered(color: Bool = false, sourceLine: ((_ file: String, _ line: Int) -> String?)? = nil) -> String {
        let red = color ? "\u{1B}[1;31m" : ""
        let blue = color ? "\u{1B}[1;34m" : ""
        let green = color ? "\u{1B}[32m" : ""
        let bold = color ? "\u{1B}[1m" : ""
        let reset = color ? "\u{1B}[0m" : ""
        let code: String
        switch self {
        case .unreadable: code = "unreadable"
        case .invalid(let d): code = d.code
        case .undefinedVariable: code = "undefined-variable"
        case .templateSyntax: code = "invalid-template"
        }
        // Data from the suite (names, values, the source line) is clipped and made visible: a
        // 50 MB line or an escape sequence in a suite must not reach the terminal as it is.
        let message = Self.clipped(TerminalText.visible(self.message))
        let fix = self.fix.map { Self.clipped(TerminalText.visible($0)) }
        var out = "\(red)error[\(code)]\(reset)\(bold): \(message)\(reset)"
        if let location {
            let lineNumber = String(location.line)
            let pad = String(repeating: " ", count: lineNumber.count)
            out += "\n\(pad)\(blue)-->\(reset) \(Self.clipped(TerminalText.visible(location.description)))"
            let text = (sourceLine ?? Self.readLine)(location.file, location.line)
            if let text {
                let (shown, caretColumn) = Self.excerpt(of: text, column: location.column)
                let caretPad = String(repeating: " ", count: caretColumn)
                let at = location.pointer.isEmpty ? "" : " at \(Self.clipped(TerminalText.visible(location.pointer)))"
                out += "\n\(pad) \(blue)|\(reset)"
                out += "\n\(blue)\(lineNumber) |\(reset) \(shown)"
                out += "\n\(pad) \(blue)|\(reset) \(caretPad)\(red)^\(reset)\(at)"
            } else if !location.pointer.isEmpty {
                out += "\n\(pad) \(blue)=\(reset) at \(Self.clipped(TerminalText.visible(location.pointer)))"
            }
            // Innermost first, as a compiler lists the includes that led to a header.
            for via in location.references.reversed() {
                out +=
                    "\n\(pad) \(blue)=\(reset) referenced from \(Self.clipped(TerminalText.visible(via.description)))"
            }
            if let fix { out += "\n\(pad) \(blue)=\(reset) \(green)fix:\(reset) \(fix)" }
        } else {
            if case .unreadable(let path, _) = self {
                out += "\n  \(blue)-->\(reset) \(Self.clipped(TerminalText.visible(path)))"
            }
            if let fix { out += "\n  \(blue)=\(reset) \(green)fix:\(reset) \(fix)" }
        }
        return out
    }

    private static func readLine(_ file: String, _ line: Int) -> String? {
        line >= 1 ? sourceLines(file).flatMap { Self.line(line, of: $0) } : nil
    }

    /// The lines of `file`, nil when it cannot be read.
    static func sourceLines(_ file: String) -> [Substring]? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        // "\r\n" is one Character in Swift: splitting on "\n" alone would leave a CRLF file one line.
        return String(decoding: data, as: UTF8.self)
            .split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// Line `line` (1-based) of `lines`, without a trailing carriage return.
    static func line(_ line: Int, of lines: [Substring]) -> String? {
        guard line >= 1, line <= lines.count else { return nil }
        var text = String(lines[line - 1])
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}
