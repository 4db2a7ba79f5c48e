extension Substring {
    /// The text without leading and trailing whitespace as Foundation's `CharacterSet.whitespaces`
    /// defines it (space separators and tab), without going through `NSString`: media types are
    /// compared once per request, and Foundation's trimming showed in the runner's profile.
    /// - Returns: the trimmed text.
    public func trimmingHorizontalWhitespace() -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII { return scalar == " " || scalar == "\t" }
            return scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = unicodeScalars.firstIndex(where: { !isSpace($0) }),
            let last = unicodeScalars.lastIndex(where: { !isSpace($0) })
        else { return self[endIndex...] }
        return self[first..<unicodeScalars.index(after: last)]
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs (see `Substring`'s version).
    /// - Returns: the trimmed text.
    public func trimmingHorizontalWhitespace() -> Substring {
        Substring(self).trimmingHorizontalWhitespace()
    }
}
