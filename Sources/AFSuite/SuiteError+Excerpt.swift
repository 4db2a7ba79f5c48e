extension SuiteError {
    /// Characters of a source line shown around the column at most.
    static let excerptWidth = 120
    /// Characters of a message, a fix or a pointer shown at most.
    static let textLimit = 240
    /// Marks where an excerpt or a message was clipped.
    static let clipMarker = "…"

    /// About ``excerptWidth`` characters of `line` around `column` (1-based), tabs shown as spaces,
    /// control characters made visible, with a marker on each side that was clipped; and the caret's
    /// offset in what is shown. A suite written on one 50 MB line gives a one-line excerpt, not the line.
    static func excerpt(of line: String, column: Int) -> (text: String, caret: Int) {
        let target = max(0, column - 1)
        let start = max(0, target - excerptWidth / 2)
        var lower = line.startIndex
        // Walking from the start is linear in the column, once per diagnostic.
        guard line.formIndex(&lower, offsetBy: start, limitedBy: line.endIndex) else {
            return (visible(String(line.suffix(excerptWidth))), 0)
        }
        var upper = lower
        let clippedRight =
            line.formIndex(&upper, offsetBy: excerptWidth, limitedBy: line.endIndex) && upper < line.endIndex
        let before = String(line[lower..<(line.index(lower, offsetBy: target - start, limitedBy: upper) ?? upper)])
        let leading = start > 0 ? clipMarker : ""
        let shownBefore = leading + visible(before)
        let text = leading + visible(String(line[lower..<upper])) + (clippedRight ? clipMarker : "")
        return (text, shownBefore.count)
    }

    /// `text` cut to ``textLimit`` characters with a marker in the middle when longer.
    static func clipped(_ text: String) -> String {
        guard text.utf8.count > textLimit, text.count > textLimit else { return text }
        let half = textLimit / 2
        return String(text.prefix(half)) + clipMarker + String(text.suffix(half))
    }

    private static func visible(_ text: String) -> String {
        TerminalText.visible(text.replacingOccurrences(of: "\t", with: " "))
    }
}
