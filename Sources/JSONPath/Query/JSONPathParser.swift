/// Parses an RFC 9535 query into a ``QueryAST``, checking well-formedness and well-typedness.
///
/// Works on the expression's Unicode scalars, so error positions are scalar offsets (the same
/// as character offsets for everything but combining sequences).
struct JSONPathParser {
    let expression: String
    let text: [Unicode.Scalar]
    var position = 0
    /// Nesting of filters, parentheses and calls, bounded so hostile input cannot exhaust the stack.
    var nesting = 0
    static let maximumNesting = 64

    init(_ expression: String) {
        self.expression = expression
        text = Array(expression.unicodeScalars)
    }

    /// `jsonpath-query = root-identifier segments`, with nothing before or after.
    mutating func parseQuery() throws(JSONPathError) -> QueryAST {
        guard let first = peek() else { throw fail("the query is empty; a JSONPath query starts with '$'") }
        if Self.isWhitespace(first) {
            throw fail("leading whitespace is not allowed; the query must start with '$'", kind: .whitespace)
        }
        guard first == "$" else {
            if first == "@" {
                throw fail("'@' (the current node) is only allowed inside a filter; start the query with '$'")
            }
            throw fail("a JSONPath query must start with '$'")
        }
        position += 1
        let segments = try parseSegments()
        if let next = peek() {
            if Self.isWhitespace(next) { throw fail("trailing whitespace is not allowed", kind: .whitespace) }
            throw fail("unexpected \(describe(next)); expected '.', '..' or '[' to start a segment")
        }
        return QueryAST(isAbsolute: true, segments: segments)
    }

    /// `segments = *(S segment)`: stops (restoring the position) at anything that is not a segment.
    mutating func parseSegments() throws(JSONPathError) -> [Segment] {
        var segments: [Segment] = []
        while true {
            let save = position
            skipWhitespace()
            guard let next = peek() else {
                position = save
                return segments
            }
            if next == "." {
                if peek(1) == "." {
                    position += 2
                    segments.append(Segment(isDescendant: true, selectors: try parseAfterDot(descendant: true)))
                } else {
                    position += 1
                    segments.append(Segment(isDescendant: false, selectors: try parseAfterDot(descendant: false)))
                }
            } else if next == "[" {
                let (selectors, hasInnerWhitespace) = try parseBracketedSelection()
                segments.append(
                    Segment(isDescendant: false, selectors: selectors, hasInnerWhitespace: hasInnerWhitespace)
                )
            } else {
                position = save
                return segments
            }
        }
    }

    /// After `.` or `..`: a wildcard, a member name shorthand, or (after `..` only) a bracketed selection.
    mutating func parseAfterDot(descendant: Bool) throws(JSONPathError) -> [Selector] {
        let dots = descendant ? "'..'" : "'.'"
        guard let next = peek() else { throw fail("expected a member name or '*' after \(dots)") }
        if next == "*" {
            position += 1
            return [.wildcard]
        }
        if next == "[" {
            guard descendant else { throw fail("'.[' is not allowed; write '[' directly after the previous segment") }
            return try parseBracketedSelection().selectors
        }
        if Self.isWhitespace(next) { throw fail("whitespace is not allowed after \(dots)", kind: .whitespace) }
        guard Self.isNameFirst(next) else {
            if Self.isDigit(next) {
                throw fail(
                    "a member name cannot start with a digit; use [\(next)] for an index or ['\(next)…'] for a name"
                )
            }
            throw fail(
                "unexpected \(describe(next)) after \(dots); expected a member name, '*'\(descendant ? " or '['" : "")"
            )
        }
        let start = position
        while let scalar = peek(), Self.isNameFirst(scalar) || Self.isDigit(scalar) { position += 1 }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: text[start..<position])
        return [.name(String(name))]
    }

    /// `"[" S selector *(S "," S selector) S "]"`; also says whether blank space follows `[` or precedes `]`.
    mutating func parseBracketedSelection() throws(JSONPathError) -> (selectors: [Selector], hasInnerWhitespace: Bool) {
        let open = position
        position += 1
        var selectors: [Selector] = []
        var hasInnerWhitespace = peek().map(Self.isWhitespace) ?? false
        skipWhitespace()
        if peek() == "]" { throw fail("empty brackets: expected a selector (name, '*', index, slice or filter)") }
        while true {
            selectors.append(try parseSelector())
            let afterSelector = position
            skipWhitespace()
            guard let next = peek() else { throw fail("unclosed '[' opened at position \(open); expected ']'") }
            if next == "]" {
                hasInnerWhitespace = hasInnerWhitespace || position > afterSelector
                position += 1
                return (selectors, hasInnerWhitespace)
            }
            guard next == "," else { throw fail("unexpected \(describe(next)) in brackets; expected ',' or ']'") }
            position += 1
            skipWhitespace()
            if peek() == "]" { throw fail("trailing comma: expected a selector after ','") }
        }
    }

    /// One selector: name, wildcard, index, slice or filter.
    mutating func parseSelector() throws(JSONPathError) -> Selector {
        guard let next = peek() else { throw fail("expected a selector (name, '*', index, slice or filter)") }
        switch next {
        case "'", "\"":
            return .name(try parseStringLiteral())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipWhitespace()
            try enterNesting()
            defer { nesting -= 1 }
            return .filter(try parseFilterExpression())
        case ":", "-", "0"..."9":
            return try parseIndexOrSlice()
        default:
            throw fail(
                "unexpected \(describe(next)); expected a selector (a quoted name, '*', an index, a slice or '?' filter)"
            )
        }
    }

    /// `index-selector = int` or `slice-selector = [start S] ":" S [end S] [":" [S step]]`.
    mutating func parseIndexOrSlice() throws(JSONPathError) -> Selector {
        var start: Int?
        if peek() != ":" {
            start = try parseInteger()
            let save = position
            skipWhitespace()
            guard peek() == ":" else {
                position = save
                return .index(start!)  // parsed just above
            }
        }
        position += 1  // the first ':'
        skipWhitespace()
        var end: Int?
        if let next = peek(), next == "-" || Self.isDigit(next) {
            end = try parseInteger()
            skipWhitespace()
        }
        var step: Int?
        if peek() == ":" {
            position += 1
            skipWhitespace()
            if let next = peek(), next == "-" || Self.isDigit(next) { step = try parseInteger() }
        }
        return .slice(start: start, end: end, step: step)
    }

    mutating func enterNesting() throws(JSONPathError) {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw fail(
                "filters, parentheses and function calls nest deeper than \(Self.maximumNesting) levels",
                kind: .nestingTooDeep
            )
        }
    }

    // MARK: - Cursor

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < text.count ? text[position + offset] : nil
    }

    mutating func skipWhitespace() {
        while let scalar = peek(), Self.isWhitespace(scalar) { position += 1 }
    }

    func fail(_ message: String, at offset: Int? = nil, kind: JSONPathError.Kind = .syntax) -> JSONPathError {
        JSONPathError(kind: kind, message: message, position: offset ?? position, expression: expression)
    }

    func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || scalar.value == 0x7F { return "control character U+\(Self.hex4(scalar.value))" }
        if Self.isWhitespace(scalar) { return "whitespace" }
        return "'\(scalar)'"
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    /// `name-first = ALPHA / "_" / %x80-D7FF / %xE000-10FFFF`.
    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) || value == 0x5F || value >= 0x80
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
