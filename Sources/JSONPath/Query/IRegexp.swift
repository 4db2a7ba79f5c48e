/// Validates an I-Regexp (RFC 9485) and translates it to an ICU pattern for `NSRegularExpression`.
///
/// I-Regexp is a small subset of XML Schema regular expressions. The translation parses the
/// whole pattern (so anything outside the subset, such as `\d`, `(?:`, back-references, lazy
/// quantifiers or `^` anchors, is rejected) and emits an equivalent ICU pattern:
/// - `.` becomes `[^\n\r]`: in I-Regexp the dot matches any character except LF and CR;
/// - `^` and `$` outside a class anchor at the start and the end of the string (`\A`, `\z`), as the
///   JSONPath Compliance Test Suite expects ("functions, match, explicit caret/dollar") and as RFC 9485's
///   mapping to ECMAScript (§5.3) reads them; `\^` is a literal caret; an anchor takes no quantifier;
/// - every other ASCII punctuation character is emitted escaped as `\x{..}`;
/// - groups become non-capturing; `\p{..}` and `\P{..}` pass through (ICU knows the categories);
/// - `match` wraps the result in `\A(?:…)\z` (whole string), `search` leaves it unanchored.
struct IRegexp {
    private let pattern: [Unicode.Scalar]
    private var position = 0
    private var output = ""
    private var depth = 0

    private init(_ pattern: String) {
        self.pattern = Array(pattern.unicodeScalars)
    }

    /// The ICU pattern for an I-Regexp, or nil when `pattern` is not a valid I-Regexp.
    /// - Parameters:
    ///   - pattern: the I-Regexp.
    ///   - anchored: true for a full match (`match`), false for a substring search (`search`).
    static func translate(_ pattern: String, anchored: Bool) -> String? {
        var translator = IRegexp(pattern)
        guard translator.parseAlternation(), translator.position == translator.pattern.count else { return nil }
        return anchored ? "\\A(?:" + translator.output + ")\\z" : "(?:" + translator.output + ")"
    }

    private func peek() -> Unicode.Scalar? { position < pattern.count ? pattern[position] : nil }

    /// `i-regexp = branch *( "|" branch )`.
    private mutating func parseAlternation() -> Bool {
        guard parseBranch() else { return false }
        while peek() == "|" {
            position += 1
            output += "|"
            guard parseBranch() else { return false }
        }
        return true
    }

    /// `branch = *piece`, `piece = atom [ quantifier ]`.
    private mutating func parseBranch() -> Bool {
        while let next = peek(), next != "|", next != ")" {
            guard parseAtom(), parseQuantifier() else { return false }
        }
        return true
    }

    private mutating func parseAtom() -> Bool {
        guard let next = peek() else { return false }
        switch next {
        case "(":
            position += 1
            depth += 1
            guard depth <= 64 else { return false }
            output += "(?:"
            guard parseAlternation(), peek() == ")" else { return false }
            position += 1
            depth -= 1
            output += ")"
            return true
        case ".":
            position += 1
            output += "[^\\n\\r]"
            return true
        case "[":
            return parseClass()
        case "\\":
            guard let escape = parseEscape(inClass: false) else { return false }
            output += escape
            return true
        case "^", "$":
            position += 1
            output += next == "^" ? "\\A" : "\\z"
            // An assertion matches no character: a quantifier after it is an error (as in ECMAScript).
            if let after = peek(), after == "*" || after == "+" || after == "?" || after == "{" { return false }
            return true
        case "*", "+", "?", "{", "}", ")", "]", "|":
            return false  // a quantifier without an atom, or an unbalanced bracket
        default:
            position += 1
            output += Self.literal(next)
            return true
        }
    }

    /// `quantifier = ( "*" / "+" / "?" ) / "{" QuantExact [ "," [ QuantExact ] ] "}"`.
    private mutating func parseQuantifier() -> Bool {
        guard let next = peek() else { return true }
        switch next {
        case "*", "+", "?":
            position += 1
            output.unicodeScalars.append(next)
        case "{":
            position += 1
            guard let minimum = parseDigits() else { return false }
            var text = "{" + String(minimum)
            if peek() == "," {
                position += 1
                text += ","
                if peek() != "}" {
                    guard let maximum = parseDigits(), maximum >= minimum else { return false }
                    text += String(maximum)
                }
            }
            guard peek() == "}" else { return false }
            position += 1
            output += text + "}"
        default:
            return true
        }
        // I-Regexp has no lazy or possessive quantifiers: a second quantifier is an error.
        if let after = peek(), after == "*" || after == "+" || after == "?" || after == "{" { return false }
        return true
    }

    private mutating func parseDigits() -> Int? {
        let start = position
        var value = 0
        while let digit = peek(), digit.value >= 0x30 && digit.value <= 0x39 {
            value = min(value * 10 + Int(digit.value - 0x30), 100_000)
            position += 1
        }
        // ICU rejects huge repeat counts; treat them as unsupported rather than crash or hang.
        return position > start && value < 100_000 ? value : nil
    }

    /// `charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`.
    private mutating func parseClass() -> Bool {
        position += 1
        var text = "["
        if peek() == "^" {
            position += 1
            text += "^"
        }
        var first = true
        while true {
            guard let next = peek() else { return false }
            if next == "]" {
                guard !first else { return false }  // "[]" and "[^]" are not allowed
                position += 1
                output += text + "]"
                return true
            }
            if next == "-" {
                // A literal '-' only first or last in the class.
                let isLast = position + 1 < pattern.count && pattern[position + 1] == "]"
                guard first || isLast else { return false }
                position += 1
                text += Self.literal("-")
                first = false
                continue
            }
            guard let low = parseClassCharacter() else { return false }
            if case .property(let property) = low {
                text += property
            } else if case .scalar(let start) = low, peek() == "-", position + 1 < pattern.count,
                pattern[position + 1] != "]"
            {
                position += 1
                guard case .scalar(let end)? = parseClassCharacter(), start.value <= end.value else { return false }
                text += Self.literal(start) + "-" + Self.literal(end)
            } else if case .scalar(let scalar) = low {
                text += Self.literal(scalar)
            }
            first = false
        }
    }

    private enum ClassCharacter {
        case scalar(Unicode.Scalar)
        case property(String)
    }

    /// `CCchar` or a category escape inside a class.
    private mutating func parseClassCharacter() -> ClassCharacter? {
        guard let next = peek() else { return nil }
        if next == "\\" {
            guard let following = position + 1 < pattern.count ? pattern[position + 1] : nil else { return nil }
            if following == "p" || following == "P" {
                return parseEscape(inClass: true).map { .property($0) }
            }
            position += 2
            return Self.singleCharEscape(following).map { .scalar($0) }
        }
        // `[` is not a CCchar; `-` is handled by the caller.
        guard next != "[", next != "-" else { return nil }
        position += 1
        return .scalar(next)
    }

    /// `SingleCharEsc / catEsc / complEsc` after a backslash, as ICU text.
    private mutating func parseEscape(inClass: Bool) -> String? {
        position += 1
        guard let code = peek() else { return nil }
        position += 1
        if code == "p" || code == "P" {
            guard peek() == "{" else { return nil }
            position += 1
            let start = position
            while let scalar = peek(), scalar != "}" { position += 1 }
            guard peek() == "}" else { return nil }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: pattern[start..<position])
            position += 1
            guard Self.categories.contains(String(name)) else { return nil }
            return "\\" + String(code) + "{" + String(name) + "}"
        }
        return Self.singleCharEscape(code).map { Self.literal($0) }
    }

    /// `SingleCharEsc = "\" ( %x28-2B / "-" / "." / "?" / %x5B-5E / "n" / "r" / "t" / %x7B-7D )`.
    private static func singleCharEscape(_ code: Unicode.Scalar) -> Unicode.Scalar? {
        switch code {
        case "n": "\n"
        case "r": "\r"
        case "t": "\t"
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": code
        default: nil
        }
    }

    /// The general categories I-Regexp allows in `\p{..}`.
    private static let categories: Set<String> = [
        "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No",
        "P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Z", "Zs", "Zl", "Zp",
        "S", "Sm", "Sc", "Sk", "So", "C", "Cc", "Cf", "Co", "Cn",
    ]

    /// A character as an ICU literal: letters, digits and non-ASCII as is, everything else as `\x{..}`.
    private static func literal(_ scalar: Unicode.Scalar) -> String {
        if scalar.value >= 0x80 || scalar.properties.isAlphabetic && scalar.isASCII
            || (scalar.value >= 0x30 && scalar.value <= 0x39)
        {
            return String(scalar)
        }
        return "\\x{" + String(scalar.value, radix: 16) + "}"
    }
}
