/// A string with `{{name}}` and `{{env.NAME}}` placeholders.
///
/// - Whitespace inside the braces is ignored: `{{ user }}` is `{{user}}`.
/// - A name starts with a letter or `_` and holds letters, digits, `_`, `-` and `.`;
///   `env.NAME` reads the environment variable `NAME`.
/// - `\{{` is a literal `{{` (written `"\\{{"` inside a JSON string). A `}}` with no `{{` is literal.
/// - `{{$uuid}}`, `{{$randomInt(1,100)}}`… insert a generated value (``GeneratedValue``).
/// - `{{name | string}}` is `{{name}}` that stays a string where a lone placeholder would take the
///   variable's JSON type (a `json` body value).
/// - An unclosed `{{`, an empty `{{}}` or an invalid name throws, with the character offset.
public struct Template: Sendable, Hashable {
    /// One `{{…}}` occurrence.
    public struct Placeholder: Sendable, Hashable {
        /// The variable name as written, trimmed (`user`, `env.TOKEN`, `$randomInt(1,100)`), without a filter.
        public var name: String
        /// The character offset of its `{{` in ``Template/source``.
        public var offset: Int
        /// Whether `| string` follows the name.
        public var forcesString = false
    }

    private enum Segment: Sendable, Hashable {
        case literal(String)
        case variable(String)
    }

    /// The source text.
    public let source: String
    /// Every placeholder, in order.
    public let placeholders: [Placeholder]
    private let segments: [Segment]

    /// Parses a template.
    /// - Throws: ``SuiteError/templateSyntax(template:message:offset:)`` for an unclosed `{{`,
    ///   an empty placeholder or an invalid name.
    public init(_ source: String) throws(SuiteError) {
        self.source = source
        // Most strings have no `{{` at all (and so no escape either): one byte scan, no parsing.
        guard Self.mayHavePlaceholder(source) else {
            segments = source.isEmpty ? [] : [.literal(source)]
            placeholders = []
            return
        }
        let chars = Array(source)
        var segments: [Segment] = []
        var placeholders: [Placeholder] = []
        var literal = ""
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 2 < chars.count, chars[i + 1] == "{", chars[i + 2] == "{" {
                literal += "{{"
                i += 3
            } else if c == "{", i + 1 < chars.count, chars[i + 1] == "{" {
                guard let close = Self.closingBraces(in: chars, from: i + 2) else {
                    throw .templateSyntax(template: source, message: "unclosed `{{`", offset: i)
                }
                var name = String(chars[(i + 2)..<close]).trimmingWhitespace()
                var forcesString = false
                if let bar = name.firstIndex(of: "|") {
                    let filter = name[name.index(after: bar)...].trimmingWhitespace()
                    guard filter == "string" else {
                        throw .templateSyntax(
                            template: source,
                            message: "unknown filter `\(filter)` (the only filter is `| string`)",
                            offset: i
                        )
                    }
                    name = name[..<bar].trimmingWhitespace()
                    forcesString = true
                }
                if let problem = Self.problem(withName: name) {
                    throw .templateSyntax(template: source, message: problem, offset: i)
                }
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.variable(name))
                placeholders.append(Placeholder(name: name, offset: i, forcesString: forcesString))
                i = close + 2
            } else {
                literal.append(c)
                i += 1
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
        self.placeholders = placeholders
    }

    /// The variable names referenced, in order (`env.NAME` included as written).
    public var variableNames: [String] { placeholders.map(\.name) }

    /// Whether the template has no placeholder (its rendering is its source, escapes removed).
    public var isLiteral: Bool { placeholders.isEmpty }

    /// The placeholder when the template is exactly one placeholder and nothing else (`"{{id}}"`): in a
    /// `json` body such a value takes the variable's JSON type unless it is written `{{id | string}}`.
    public var lonePlaceholder: Placeholder? {
        guard segments.count == 1, case .variable = segments[0] else { return nil }
        return placeholders.first
    }

    /// Renders the template.
    /// - Parameter lookup: a variable's value, or nil when it is undefined (`env.NAME` is passed as written).
    /// - Throws: ``SuiteError/undefinedVariable(name:location:)`` for the first undefined name.
    public func render(_ lookup: (String) -> String?) throws(SuiteError) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .literal(let text): out += text
            case .variable(let name):
                guard let value = lookup(name) else { throw .undefinedVariable(name: name, location: nil) }
                out += value
            }
        }
        return out
    }

    /// Whether `text` holds `{{` anywhere (a placeholder, an escaped `\{{`, or an error to report);
    /// when it does not, the text is its own rendering.
    /// - Parameter text: a string from a suite.
    /// - Returns: whether the text needs parsing as a template.
    public static func mayHavePlaceholder(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{") && previous == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }

    private static func closingBraces(in chars: [Character], from start: Int) -> Int? {
        var j = start
        while j + 1 < chars.count {
            if chars[j] == "}" && chars[j + 1] == "}" { return j }
            // A new `{{` before any `}}` means the first one was never closed.
            if chars[j] == "{" && chars[j + 1] == "{" { return nil }
            j += 1
        }
        return nil
    }

    /// Why `name` is not a valid variable name, or nil when it is.
    /// Whether a variable, a capture or a data row may define `name`: a valid name, not `env.…`.
    static func isDefinable(_ name: String) -> Bool {
        !name.hasPrefix("env.") && !name.hasPrefix("$") && problem(withName: name) == nil
    }

    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "empty placeholder `{{}}`" }
        if name.hasPrefix("$") { return GeneratedValue.problem(in: name) }
        var body = Substring(name)
        if name.hasPrefix("env.") {
            body = body.dropFirst(4)
            if body.isEmpty { return "`env.` needs an environment variable name" }
        }
        guard let first = body.first, first.isASCII, first.isLetter || first == "_" else {
            return "variable name `\(name)` must start with a letter or `_`"
        }
        for c in body where !(c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-" || c == ".")) {
            return "invalid character `\(c)` in variable name `\(name)`"
        }
        return nil
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        // Text that starts and ends with a visible ASCII character (most URLs and names) has nothing to
        // trim: no whitespace character begins or ends with such a byte.
        let text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return text
        }
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
