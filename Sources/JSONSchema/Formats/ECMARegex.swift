import Foundation

/// Rewrites the ECMA-262 pattern syntax JSON Schema specifies where ICU (behind
/// `NSRegularExpression`) reads it differently: ECMA's `\d`, `\w` and their negations are ASCII-only,
/// ICU's are Unicode; ECMA's `\s` includes U+FEFF; `[]` and `[^]` are valid in ECMA only.
enum ECMARegex {
    /// Whether the pattern uses syntax ICU accepts but ECMA-262 does not: comment groups `(?#…)`,
    /// global inline flags `(?i)`, the `\a` escape.
    static func hasNonECMASyntax(_ pattern: String) -> Bool {
        if pattern.contains("(?#") || pattern.contains("\\a") { return true }
        var rest = Substring(pattern)
        while let start = rest.range(of: "(?") {
            let flags = rest[start.upperBound...].prefix { "imsxu-".contains($0) }
            if !flags.isEmpty, rest[start.upperBound...].dropFirst(flags.count).first == ")" { return true }
            rest = rest[start.upperBound...]
        }
        return false
    }

    static func translate(_ pattern: String) -> String {
        var output = ""
        var inClass = false
        var iterator = pattern.makeIterator()
        while let character = iterator.next() {
            if character == "\\", let next = iterator.next() {
                switch next {
                case "s": output += inClass ? "\\s\\x{FEFF}" : "[\\s\\x{FEFF}]"
                case "S" where !inClass: output += "[^\\s\\x{FEFF}]"
                case "d": output += inClass ? "0-9" : "[0-9]"
                case "D": output += inClass ? "\\x{0}-/:-\\x{10FFFF}" : "[^0-9]"
                case "w": output += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
                case "W": output += inClass ? "\\x{0}-/:-@\\[-^`{-\\x{10FFFF}" : "[^a-zA-Z0-9_]"
                default:
                    output.append(character)
                    output.append(next)
                }
                continue
            }
            if character == "[" && !inClass {
                // ECMA's empty class matches nothing, its negation anything.
                var lookahead = iterator
                if lookahead.next() == "]" {
                    iterator = lookahead
                    output += "(?!)"
                    continue
                }
                lookahead = iterator
                if lookahead.next() == "^", lookahead.next() == "]" {
                    iterator = lookahead
                    output += "[\\s\\S]"
                    continue
                }
                inClass = true
            } else if character == "]" && inClass {
                inClass = false
            }
            output.append(character)
        }
        return output
    }
}
