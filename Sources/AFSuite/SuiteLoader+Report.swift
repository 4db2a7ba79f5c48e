extension SuiteLoader.Result {
    /// Whether every suite loaded.
    public var isValid: Bool { errors.isEmpty }

    /// What `afrun validate` prints: every problem as a compiler-style block, then a summary line
    /// (`3 suites checked: 2 valid, 1 with problems (4 errors)`).
    /// - Parameters:
    ///   - color: whether to use ANSI colors.
    ///   - sourceLine: returns line `n` of a file (read from disk by default).
    /// - Returns: the report, ending with a newline.
    public func report(color: Bool = false, sourceLine: ((String, Int) -> String?)? = nil) -> String {
        // By default each file is read and split once for all of its problems, not once per problem.
        var filesRead: [String: [Substring]?] = [:]
        let reader =
            sourceLine ?? { file, line in
                if filesRead[file] == nil { filesRead[file] = .some(SuiteError.sourceLines(file)) }
                return filesRead[file]!.flatMap { SuiteError.line(line, of: $0) }
            }
        var out = ""
        let yellow = color ? "\u{1B}[33m" : ""
        let plain = color ? "\u{1B}[0m" : ""
        for warning in warnings { out += "\(yellow)warning\(plain): \(TerminalText.visible(warning.description))\n" }
        if !warnings.isEmpty { out += "\n" }
        for error in errors {
            out += error.rendered(color: color, sourceLine: reader) + "\n\n"
        }
        let failedFiles = Set(errors.compactMap { $0.location?.file }).count
        let unreadable = errors.filter { if case .unreadable = $0 { true } else { false } }.count
        let checked = files.count
        let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
        var summary = "\(plural(checked, "suite")) checked: \(suites.count) valid"
        if failedFiles > 0 { summary += ", \(failedFiles) with problems" }
        if unreadable > 0 { summary += ", \(plural(unreadable, "path")) unreadable" }
        if !errors.isEmpty { summary += " (\(plural(errors.count, "error")))" }
        let tests = suites.reduce(0) { $0 + $1.tests.count }
        if errors.isEmpty { summary += "; \(plural(tests, "test")) ready to run" }
        let green = color ? "\u{1B}[32m" : ""
        let red = color ? "\u{1B}[1;31m" : ""
        let reset = color ? "\u{1B}[0m" : ""
        out += (errors.isEmpty ? green : red) + summary + reset + "\n"
        return out
    }
}
