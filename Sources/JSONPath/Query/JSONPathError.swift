/// An ill-formed or invalid query.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a problem, for callers that react to some of them differently.
    public enum Kind: Sendable, Hashable {
        /// The text does not follow the grammar (a missing bracket, an unexpected character…).
        case syntax
        /// Blank space where the grammar forbids it (before `$`, after `.` or `..`, at the end…).
        case whitespace
        /// A malformed number or integer (leading zeros, `-0` as an index, a bare `.`).
        case invalidNumber
        /// An index or slice bound outside the I-JSON range ±(2^53 - 1).
        case integerOutOfRange
        /// A malformed string literal (bad escape, unpaired surrogate, raw control character).
        case invalidString
        /// A non-singular query where a singular one is required (comparisons, value arguments).
        case notSingular
        /// An expression of the wrong type (RFC 9535 §2.4.3 well-typedness).
        case typeMismatch
        /// A function called with the wrong number of arguments.
        case argumentCount
        /// A function name that is not one of the RFC's functions.
        case unknownFunction
        /// Filters, parentheses and calls nested beyond the parser's limit.
        case nestingTooDeep
    }

    /// The category of the problem.
    public var kind: Kind
    /// What is wrong, e.g. `leading zeros are not allowed in integers`.
    public var message: String
    /// 0-based offset of the problem in the expression, counted in Unicode scalars.
    public var position: Int
    /// The expression.
    public var expression: String

    /// Creates an error of kind ``Kind/syntax``.
    public init(message: String, position: Int, expression: String) {
        self.init(kind: .syntax, message: message, position: position, expression: expression)
    }

    /// Creates an error.
    public init(kind: Kind, message: String, position: Int, expression: String) {
        self.kind = kind
        self.message = message
        self.position = position
        self.expression = expression
    }

    /// `message at position N`.
    public var description: String { "\(message) at position \(position)" }

    /// The expression with a caret under the error position, then the message:
    /// ```
    /// $.a[01]
    ///     ^ leading zeros are not allowed in integers
    /// ```
    public var caretDiagnostic: String {
        let prefix = expression.unicodeScalars.prefix(position)
        // Keep tabs so the caret lines up under tab-indented text; other characters become spaces.
        let padding = String(String.UnicodeScalarView(prefix.map { $0 == "\t" ? "\t" : " " }))
        return expression + "\n" + padding + "^ " + message
    }
}
