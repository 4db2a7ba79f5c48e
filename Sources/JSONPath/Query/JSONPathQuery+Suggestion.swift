extension JSONPathQuery {
    /// `expression` with each dot-member name that holds a `-` (`$.headers.User-Agent`) written in brackets
    /// (`$.headers['User-Agent']`), when that makes a valid query; nil otherwise. RFC 9535's dot names hold
    /// letters, digits, `_` and non-ASCII characters only, and HTTP header names are often written with `-`.
    public static func bracketedSuggestion(for expression: String) -> String? {
        let scalars = Array(expression.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                // Inside a string literal: copied as it is, escapes included.
                out.append(scalar)
                if scalar == "\\", index + 1 < scalars.count {
                    index += 1
                    out.append(scalars[index])
                } else if scalar == open {
                    quote = nil
                }
                index += 1
                continue
            }
            if scalar == "'" || scalar == "\"" { quote = scalar }
            if scalar == ".", index + 1 < scalars.count, isNameFirst(scalars[index + 1]) {
                var end = index + 1
                while end < scalars.count, isNameFirst(scalars[end]) || isDigit(scalars[end]) || scalars[end] == "-" {
                    end += 1
                }
                let name = scalars[(index + 1)..<end]
                if name.contains("-") {
                    // `.name` becomes `['name']`; `..name` keeps its descendant dot: `..['name']`.
                    out.append(contentsOf: (index > 0 && scalars[index - 1] == "." ? ".['" : "['").unicodeScalars)
                    out.append(contentsOf: name)
                    out.append(contentsOf: "']".unicodeScalars)
                    changed = true
                    index = end
                    continue
                }
            }
            out.append(scalar)
            index += 1
        }
        let suggestion = String(out)
        guard changed, (try? JSONPathQuery(suggestion)) != nil else { return nil }
        return suggestion
    }

    /// RFC 9535 `name-first`: a letter, `_`, or a character above U+007F.
    private static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_" || scalar.value > 0x7F
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }
}
