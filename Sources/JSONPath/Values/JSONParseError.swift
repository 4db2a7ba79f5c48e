/// A JSON syntax error with its place in the document.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a problem, for callers that react to some of them differently.
    public enum Kind: Sendable, Hashable {
        /// The text does not follow the JSON grammar (unexpected character, missing ':' or ',',
        /// end of input, content after the value).
        case syntax
        /// A malformed number (leading zeros, missing digits).
        case invalidNumber
        /// A malformed string (bad escape, unpaired surrogate, raw control character, no closing quote).
        case invalidString
        /// Bytes that are not UTF-8 inside a string.
        case invalidUTF8
        /// A comma before `]` or `}`.
        case trailingComma
        /// Arrays and objects nested beyond ``JSONValue/maximumDepth``.
        case nestingTooDeep
    }

    /// The category of the problem.
    public var kind: Kind
    /// What is wrong, e.g. `expected ',' or '}' after an object member`.
    public var message: String
    /// Byte offset from the start of the document.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int

    /// Creates an error of kind ``Kind/syntax``.
    public init(message: String, offset: Int, line: Int, column: Int) {
        self.init(kind: .syntax, message: message, offset: offset, line: line, column: column)
    }

    /// Creates an error.
    public init(kind: Kind, message: String, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
