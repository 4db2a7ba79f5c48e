/// Explains why a regex does not compile. Foundation on Linux reports only "the value is invalid",
/// so the common mistakes are found here, with the character offset to point at. Used for regexes
/// in suites and for `afrun run --filter`.
public enum RegexProblem {
    /// The first recognisable mistake in `pattern`, or nil when none is found.
    /// - Parameter pattern: a pattern that `NSRegularExpression` refused.
    /// - Returns: what is wrong (``message``) and the 0-based character offset where it is.
    public static func explain(_ pattern: String) -> (message: String, offset: Int)? {
        let chars = Array(pattern)
        var groups: [Int] = []
        var i = 0
        var previousCanRepeat = false
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\":
                if i + 1 >= chars.count { return ("a trailing `\\` escapes nothing", i) }
                i += 2
                previousCanRepeat = true
                continue
            case "[":
                var j = i + 1
                if j < chars.count, chars[j] == "^" { j += 1 }
                if j < chars.count, chars[j] == "]" { j += 1 }
                while j < chars.count, chars[j] != "]" { j += chars[j] == "\\" ? 2 : 1 }
                if j >= chars.count { return ("unclosed `[` character class", i) }
                i = j + 1
                previousCanRepeat = true
                continue
            case "(":
                groups.append(i)
                previousCanRepeat = false
                i += 1
                // `(?:`, `(?=`, `(?<name>` and the like: the `?` is not a quantifier.
                if i < chars.count, chars[i] == "?" { i += 1 }
                continue
            case ")":
                if groups.popLast() == nil { return ("unmatched `)`", i) }
                previousCanRepeat = true
            case "|":
                previousCanRepeat = false
            case "*", "+", "?":
                if !previousCanRepeat { return ("`\(c)` has nothing to repeat", i) }
                // A lazy or possessive suffix (`*?`, `++`) is part of the quantifier.
                if i + 1 < chars.count, chars[i + 1] == "?" || chars[i + 1] == "+" { i += 1 }
                previousCanRepeat = false
            case "{":
                if let close = chars[i...].firstIndex(of: "}") {
                    let bounds = String(chars[(i + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
                    if bounds.count == 2, let lo = Int(bounds[0]), let hi = Int(bounds[1]), lo > hi {
                        return ("`{\(lo),\(hi)}` has its minimum above its maximum", i)
                    }
                    if !previousCanRepeat, Int(bounds.first ?? "") != nil { return ("`{` has nothing to repeat", i) }
                }
                previousCanRepeat = true
            default:
                previousCanRepeat = true
            }
            i += 1
        }
        if let open = groups.last { return ("unclosed `(` group", open) }
        return nil
    }
}
